import { beginRun } from './run-databases';

export default beginRun;

import { endRun } from './run-databases';

export default endRun;

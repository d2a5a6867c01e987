import type { IDataObject } from 'n8n-workflow';
import { pollLeadEngineTrigger, runLeadEngine } from '../support/lead-engine-nodes';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

describe('n8n Lead Engine Trigger', () => {
  let engine: SeededEngine;

  beforeAll(async () => {
    engine = await startSeededEngine('n8n_trigger');
  });
  afterAll(async () => {
    await engine?.close();
  });

  const exportAndWait = async (credentials: SeededEngine['credentials'], rows = 1) =>
    (
      await runLeadEngine({
        credentials,
        parameters: { resource: 'export', operation: 'start', rows, options: { waitForCompletion: true } },
      })
    ).output[0].json;

  it('emits each finished export once, oldest first, and nothing that finished before the first poll', async () => {
    const account = await engine.newAccount('triggered', 100);
    const before = await exportAndWait(account);
    const staticData: IDataObject = {};
    const poll = () => pollLeadEngineTrigger({ credentials: account, parameters: { event: 'exportCompleted' }, staticData });

    expect((await poll()).items).toBeNull();

    const first = await exportAndWait(account);
    const second = await exportAndWait(account);
    const emitted = await poll();
    expect(emitted.items!.map((item) => item.json.id)).toEqual([first.id, second.id]);
    expect(emitted.items![0].json).toMatchObject({ status: 'completed', deliveredRows: 1 });
    expect((await poll()).items).toBeNull();

    const third = await exportAndWait(account);
    expect((await poll()).items!.map((item) => item.json.id)).toEqual([third.id]);
    expect(JSON.stringify(staticData)).toContain(String(before.id));
  });

  it('keeps a cursor per event, so failures are watched apart from completions', async () => {
    const account = await engine.newAccount('failures', 100);
    const staticData: IDataObject = {};
    await pollLeadEngineTrigger({ credentials: account, parameters: { event: 'exportCompleted' }, staticData });
    expect((await pollLeadEngineTrigger({ credentials: account, parameters: { event: 'exportFailed' }, staticData })).items).toBeNull();
    await exportAndWait(account);
    expect((await pollLeadEngineTrigger({ credentials: account, parameters: { event: 'exportFailed' }, staticData })).items).toBeNull();
    expect(
      (await pollLeadEngineTrigger({ credentials: account, parameters: { event: 'exportCompleted' }, staticData })).items,
    ).toHaveLength(1);
    expect(Object.keys(staticData.cursors as IDataObject).sort()).toEqual(['exportCompleted', 'exportFailed']);
  });

  it('in manual mode returns the latest finished job without touching the cursor', async () => {
    const account = await engine.newAccount('manual', 100);
    const staticData: IDataObject = {};
    expect(
      (await pollLeadEngineTrigger({ credentials: account, parameters: { event: 'exportCompleted' }, mode: 'manual', staticData })).items,
    ).toBeNull();
    await exportAndWait(account);
    const latest = await exportAndWait(account, 2);
    const { items } = await pollLeadEngineTrigger({
      credentials: account,
      parameters: { event: 'exportCompleted' },
      mode: 'manual',
      staticData,
    });
    expect(items!.map((item) => item.json.id)).toEqual([latest.id]);
    expect(staticData).toEqual({});
  });
});

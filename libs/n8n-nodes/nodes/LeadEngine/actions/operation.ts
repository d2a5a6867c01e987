import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation of one resource: its fields and how it runs over the input items. */
export interface Operation {
  description: INodeProperties[];
  execute(this: IExecuteFunctions): Promise<INodeExecutionData[]>;
}

export interface Resource {
  /** The resource's Operation dropdown followed by every operation's fields. */
  description: INodeProperties[];
  operations: Record<string, Operation>;
}

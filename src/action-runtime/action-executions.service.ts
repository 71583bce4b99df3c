import { Injectable } from '@nestjs/common';
import { executionNotFound } from './action-runtime-errors.js';
import { ActionRuntimeRepository } from './action-runtime.repository.js';
import { toExecutionView, type ActionExecutionView } from './action-execution.view.js';

@Injectable()
export class ActionExecutionsService {
  constructor(private readonly runtime: ActionRuntimeRepository) {}

  async get(id: string): Promise<ActionExecutionView> {
    const row = await this.runtime.execution(id);
    if (!row) throw executionNotFound();
    return toExecutionView(row);
  }
}

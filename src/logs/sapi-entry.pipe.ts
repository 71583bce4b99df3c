import { Injectable, type PipeTransform } from '@nestjs/common';
import type { LoggedRequest } from './log-entry.js';
import { LogRecorder } from './log-recorder.js';
import { isManagementWrite, routePatternOf } from './management-writes.js';
import { attachSapiEntry, type SapiEntry } from './sapi-entry.js';

/** What @LoggedSapi()'s parameter factory hands this pipe: the request and the route's success status. */
export interface SapiEntrySource {
  request: LoggedRequest;
  successStatus: number;
}

/** Turns @LoggedSapi()'s request into the sapi entry the handler's statement inserts. */
@Injectable()
export class SapiEntryPipe implements PipeTransform<SapiEntrySource, SapiEntry> {
  constructor(private readonly recorder: LogRecorder) {}

  transform({ request, successStatus }: SapiEntrySource): SapiEntry {
    const pattern = routePatternOf(request);
    // Fails closed: a handler outside a management write would run with an entry nobody logs.
    if (!isManagementWrite(request.method, pattern)) throw new Error('no sapi entry for this request: is it a management write?');
    const entry = this.recorder.sapiEntry(request, pattern, successStatus);
    attachSapiEntry(request, entry);
    return entry;
  }
}

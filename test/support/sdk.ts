import type { AddressInfo } from 'node:net';
import { ClientGrantsClient } from 'auth0/clientGrants';
import { ClientsClient } from 'auth0/clients';
import { OrganizationsClient } from 'auth0/organizations';
import { ClientGrantsClient as OrganizationClientGrantsClient } from 'auth0/organizations/clientGrants';
import { TokenExchangeProfilesClient } from 'auth0/tokenExchangeProfiles';
import type { TestApp } from './test-app.js';

interface SdkCall {
  method: string;
  url: string;
  status: number;
  at: number;
  headers: Headers;
}

/**
 * The official SDK's per-resource clients pointed at the app on a real loopback port (the
 * SDK uses fetch). Every HTTP exchange the SDK makes is recorded, retries included.
 */
export class Sdk {
  readonly calls: SdkCall[] = [];

  private constructor(
    readonly baseUrl: string,
    private readonly token: string,
    private readonly maxRetries: number,
  ) {}

  static async listen(t: TestApp): Promise<string> {
    await t.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/v2`;
  }

  static for(baseUrl: string, token: string, { maxRetries = 0 } = {}): Sdk {
    return new Sdk(baseUrl, token, maxRetries);
  }

  private get options() {
    const fetchAndRecord: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      this.calls.push({
        method: init?.method ?? 'GET',
        url: input instanceof Request ? input.url : String(input),
        status: response.status,
        at: Date.now(),
        headers: response.headers,
      });
      return response;
    };
    return { baseUrl: this.baseUrl, token: this.token, maxRetries: this.maxRetries, fetch: fetchAndRecord };
  }

  get organizations(): OrganizationsClient {
    return new OrganizationsClient(this.options);
  }

  get clientGrants(): ClientGrantsClient {
    return new ClientGrantsClient(this.options);
  }

  get organizationClientGrants(): OrganizationClientGrantsClient {
    return new OrganizationClientGrantsClient(this.options);
  }

  get clients(): ClientsClient {
    return new ClientsClient(this.options);
  }

  get tokenExchangeProfiles(): TokenExchangeProfilesClient {
    return new TokenExchangeProfilesClient(this.options);
  }
}

/** Every item of an SDK page iterator (the SDK fetches the following pages itself). */
export async function collect<T>(page: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of page) items.push(item);
  return items;
}

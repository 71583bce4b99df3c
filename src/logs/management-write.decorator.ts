import { ClsServiceManager } from 'nestjs-cls';

/** Set on every handler that runs its write through ManagementWrite, so the interceptor can refuse one that does not. */
export const MANAGEMENT_WRITE_KEY = 'logs:management-write';
/** Where ManagementWritesInterceptor leaves the request's write for the handler it intercepts. */
export const CURRENT_WRITE = Symbol('current management write');

/** A management write's unit of work: its transaction, the capture of the rows it changes and its entry. */
export interface WriteRun {
  run<T>(handler: () => Promise<T>): Promise<T>;
}

type Handler = (...args: unknown[]) => unknown;

/**
 * Marks a Management API write handler and runs it as its request's write (ManagementWritesInterceptor):
 * the transaction opens here, when Nest calls the handler, so after the guards and the validation pipe,
 * and a refused request never opens one. Called without a write (no request around it), it is the handler.
 */
export function ManagementWrite(): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as Handler;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      const cls = ClsServiceManager.getClsService();
      const write = cls.isActive() ? cls.get<WriteRun | undefined>(CURRENT_WRITE) : undefined;
      return write ? write.run(() => Promise.resolve(handler.apply(this, args))) : handler.apply(this, args);
    };
    // Nest and the OpenAPI scanner read the route's metadata from the function they call.
    for (const key of Reflect.getMetadataKeys(handler)) Reflect.defineMetadata(key, Reflect.getMetadata(key, handler), wrapped);
    Reflect.defineMetadata(MANAGEMENT_WRITE_KEY, true, wrapped);
    Object.defineProperty(wrapped, 'name', { value: handler.name });
    descriptor.value = wrapped;
  };
}

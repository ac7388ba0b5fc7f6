import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer } from '../providers/mail/index.js';
import type { Maps } from '../providers/maps/index.js';
import type { PropertyInfo } from '../providers/property-info/index.js';

/**
 * The app's services, by name: the providers the core gives (mail, maps, property information), and
 * what each module's plugin adds next to its own code (`declare module '…/plugins/services.js'`). The
 * app checks at compile time that a plugin it registers provides each one (`app.ts`).
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
export interface Services {
  mailer: Mailer;
  maps: Maps;
  propertyInfo: PropertyInfo;
}

/** A registration plugin, with the names of the services it provides (for the app's check). */
export type ServicePlugin<
  K extends keyof Services,
  O extends FastifyPluginOptions,
> = FastifyPluginAsync<O> & { readonly provides?: K };

/**
 * The services other plugins have provided, as one plugin may read them while it builds its own: a
 * service no plugin has provided yet throws, naming the plugin, instead of being `undefined` until
 * the first request that calls it.
 */
function checkedServices(services: Services, reader: string): Services {
  return new Proxy(services, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in target))
        throw new Error(
          `The '${reader}' plugin reads services.${key}, which no plugin registered before it provides: ` +
            'name the plugin that provides it in its dependencies.',
        );
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * A domain's registration plugin: it builds the domain's services from what it is given (the app's
 * config, database and clock, the services of the plugins it depends on, its own options) and
 * provides them as `app.services.<name>`. Fastify refuses to register it before the plugins named in
 * `dependencies` (and 'core', which every domain needs), so the wiring is in the order of what needs
 * what, and a plugin cannot be moved before one it reads.
 */
export function servicePlugin<K extends keyof Services, O extends object = Record<never, never>>(
  name: string,
  dependencies: readonly string[],
  build: (app: FastifyInstance, services: Services, options: O) => Pick<Services, K>,
): ServicePlugin<K, O> {
  const plugin: FastifyPluginAsync<O> = async (app, options) => {
    const built = build(app, checkedServices(app.services, name), options);
    for (const key of Object.keys(built))
      if (key in app.services) throw new Error(`services.${key} is provided twice (again by '${name}')`);
    Object.assign(app.services, built);
  };
  return fp(plugin, { name, dependencies: ['core', ...dependencies], fastify: '5.x' });
}

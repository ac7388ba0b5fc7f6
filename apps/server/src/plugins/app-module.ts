import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ErrorCatalogues } from '../lib/errors.js';

/**
 * One module as the app sees it (ADR 053): the plugins that build its services, its routes, its error
 * catalogues and the long-running parts it starts and stops. Each module's `index.ts` exports one;
 * `app.ts` lists them once, in the order of what needs what, and derives everything else from the list
 * (the plugins to register, the routes, the error catalogue, the lifecycle, the options the app takes).
 */
export type AppModule = {
  name: string;
  /** Its registration plugins (`servicePlugin`), registered in this order at the module's place. */
  plugins?: readonly FastifyPluginAsync<never>[];
  routes?: readonly FastifyPluginAsync[];
  /** Routes that take a file: registered together in the one scope that parses multipart forms. */
  uploads?: readonly FastifyPluginAsync[];
  /** Its error catalogues, by owner (each declared in `ErrorCatalogues` by its `*.errors.ts`). */
  errors?: Partial<ErrorCatalogues>;
  /** Starts its long-running parts once the app is ready; modules start in the app's order. */
  start?: (app: FastifyInstance) => void | Promise<void>;
  /** Once the server listens (parts that connect back to it over loopback). */
  listen?: (app: FastifyInstance) => Promise<void>;
  /** Stops them when the app closes; modules stop in the reverse of the app's order. */
  stop?: (app: FastifyInstance) => Promise<void>;
};

/** Keeps a descriptor's exact types (its plugins' options, its catalogues) for what `app.ts` derives. */
export function defineModule<const M extends AppModule>(module: M): M {
  return module;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

type PluginsOf<M> = M extends { plugins: readonly (infer P)[] } ? P : never;

/** The options every module's plugins take, as one object (the app's deps include them). */
export type OptionsOf<Modules extends readonly AppModule[]> = UnionToIntersection<
  PluginsOf<Modules[number]> extends infer P ? (P extends FastifyPluginAsync<infer O> ? O : never) : never
>;

/** The services the modules' plugins provide (each `servicePlugin` carries the names it provides). */
export type ProvidedBy<Modules extends readonly AppModule[]> =
  PluginsOf<Modules[number]> extends infer P ? (P extends { provides?: infer K } ? K : never) : never;

/** Every module's error catalogues, as one object by owner. */
export type CataloguesOf<Modules extends readonly AppModule[]> = UnionToIntersection<
  Modules[number] extends infer M ? (M extends { errors: infer E } ? E : never) : never
>;

/** What a compiler made for one part of a route: a validator (with Ajv's `errors`) or a serializer. */
type Compiled = ((input: unknown) => unknown) & { errors?: unknown };
type CompilerFactory = (...args: unknown[]) => (part: unknown) => Compiled;

/**
 * A Fastify compilers factory (`schemaController.compilersFactory`) whose compilers hand back, for
 * each part of each route, a function that compiles that part with `factory`'s compiler at its
 * first call and then runs it. Fastify reads a failed validation's errors off the function it was
 * given, so they are passed through from the compiled validator.
 */
export function atFirstUse<F>(factory: F): F {
  return ((...args: unknown[]) => {
    const compile = (factory as CompilerFactory)(...args);
    return (part: unknown) => {
      let compiled: Compiled | undefined;
      const run = (input: unknown) => {
        compiled ??= compile(part);
        return compiled(input);
      };
      Object.defineProperty(run, 'errors', { get: () => compiled?.errors });
      return run;
    };
  }) as F;
}

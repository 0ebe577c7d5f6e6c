import { ID_TEXT_KEYWORD, idFromText, idTextMessage } from '@linksmate/proto';

interface DataContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}
interface KeywordHolder {
  addKeyword(definition: {
    keyword: string;
    schemaType: string;
    modifying: boolean;
    errors: boolean;
    validate: IdTextCheck;
  }): unknown;
}
type IdTextCheck = ((
  enabled: boolean,
  data: unknown,
  parentSchema: unknown,
  cxt?: DataContext,
) => boolean) & {
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
};

/**
 * proto's IdParam (`x-id-text`): a path or query id is judged as the text that was sent, once, by
 * proto's `idFromText` — `0x10`, `4.0`, `+4`, `4e0`, `04`, ` 4` and anything past INT4_MAX are a
 * 400 on that field — and the route is handed its number. Its schema is a string, so validation has
 * not coerced it (as it would an integer: `Number('0x10')` is 16). Given to Fastify's Ajv as `onCreate`.
 */
export function canonicalIds(ajv: unknown): void {
  const check: IdTextCheck = (enabled, data, _parentSchema, cxt) => {
    if (!enabled) return true;
    const id = idFromText(data);
    if (id === null) {
      check.errors = [{ keyword: ID_TEXT_KEYWORD, message: idTextMessage('id'), params: {} }];
      return false;
    }
    if (cxt?.parentData && cxt.parentDataProperty !== undefined) cxt.parentData[cxt.parentDataProperty] = id;
    return true;
  };
  (ajv as KeywordHolder).addKeyword({
    keyword: ID_TEXT_KEYWORD,
    schemaType: 'boolean',
    modifying: true,
    errors: true,
    validate: check,
  });
}

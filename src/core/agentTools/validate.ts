/**
 * Tool input checked against the tool's own JSON Schema (the one both hosts publish) with Ajv, before any handler
 * runs: a malformed input gets the schema's complaint, naming the property, as a tool error the model can correct.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { AgentTool } from './types';

const ajv = new Ajv({ allErrors: true, strict: true });
const compiled = new WeakMap<AgentTool<never>, ValidateFunction>();

/** Why `input` does not fit the tool's schema, or undefined when it does. */
export function inputProblem(tool: AgentTool<never>, input: unknown): string | undefined {
  let validate = compiled.get(tool);
  if (!validate) compiled.set(tool, (validate = ajv.compile(tool.inputSchema)));
  if (validate(input)) return undefined;
  return `The input does not fit ${tool.name}'s schema: ${complaints(validate.errors ?? [])}. Call it again with input that fits.`;
}

/** "input.clause must be string; input must NOT have additional property "number"". */
function complaints(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map((error) => {
      const where = `input${error.instancePath.replace(/\//g, '.')}`;
      const extra = error.keyword === 'additionalProperties' ? ` "${String((error.params as { additionalProperty?: unknown }).additionalProperty)}"` : '';
      return `${where} ${error.message ?? 'is not valid'}${extra}`;
    })
    .join('; ');
}

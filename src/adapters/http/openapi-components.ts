/** The schemas of the OpenAPI document's components: what the routes' requests and answers are made of. */
import { OFFICER_ROLES } from '../../../domain/events';
import { ANSWER_COMPONENTS } from './answers';
import { codecSchema, componentName } from './codec-schema';
import { int, object, str } from './openapi-schema';
import { commandSchemas } from './openapi-commands';

/** The answers' schemas, each read off its codec (answers/). */
export const answerSchemas = () => Object.fromEntries(ANSWER_COMPONENTS.map((codec) => [componentName(codec)!, codecSchema(codec)]));

/** The problems (RFC 9457) are the one schema written here: problems.ts makes them from its own classes. */
export const componentSchemas = () => ({
  Problem: object(
    {
      type: str,
      title: str,
      status: int,
      detail: str,
      parameter: str,
      requiredRole: { type: 'string', enum: [...OFFICER_ROLES] },
      code: { type: 'string', description: "The rule engine's error code when it refused (e.g. no-convergence, unknown-grade)." },
    },
    ['type', 'title', 'status', 'detail'],
    false,
  ),
  ...answerSchemas(),
  ...commandSchemas(),
});

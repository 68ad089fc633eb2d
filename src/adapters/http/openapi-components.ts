/** The schemas of the OpenAPI document's components: what the routes' requests and answers are made of. */
import { ANSWER_COMPONENTS } from './answers';
import { codecSchema, componentName } from './codec-schema';
import { commandSchemas } from './openapi-commands';

/** The answers' schemas, each read off its codec (answers/). */
export const answerSchemas = () => Object.fromEntries(ANSWER_COMPONENTS.map((codec) => [componentName(codec)!, codecSchema(codec)]));

export const componentSchemas = () => ({
  ...answerSchemas(),
  ...commandSchemas(),
});

import { leadingExample, type Example, type Operation, type Schema } from "../api/openapi-document";
import { exampleValue } from "./example-value";

export interface StartingBody {
  /** The JSON text "Try it" starts from; empty when the operation takes no JSON body. */
  text: string;
  /** The recorded example the text comes from; absent when it was made up from the schema. */
  example?: Example;
}

/**
 * What "Try it" fills the JSON body with: the operation's recorded example when the document has
 * one (a request the running system accepted), else a value made from the schema.
 */
export function startingBody(operation: Operation, schemas: Readonly<Record<string, Schema>>): StartingBody {
  const json = operation.requestBody?.content.find((entry) => /json/i.test(entry.mediaType));
  if (json === undefined) return { text: "" };
  const example = leadingExample(json);
  if (example !== undefined) return { text: JSON.stringify(example.value, null, 2), example };
  return { text: JSON.stringify(json.schema ? exampleValue(json.schema, schemas) : {}, null, 2) };
}

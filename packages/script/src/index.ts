export type {
  ArithmeticExpression,
  ArithmeticOperator,
  AssignmentTarget,
  Comparison,
  ComparisonOperator,
  Condition,
  DefineStatement,
  ExitStatement,
  FunctionCall,
  IfStatement,
  IncStatement,
  LogicalCondition,
  NegateExpression,
  NotCondition,
  NumberLiteral,
  ParsedScript,
  PrintStatement,
  ProcessStatement,
  PutVarStatement,
  RestartStatement,
  SetStatement,
  Statement,
  StopStatement,
  StringLiteral,
  TextLine,
  ValueExpression,
  VariableReference,
  VariableType,
  WhileStatement,
  WordLiteral,
} from "./ast";
export { classifyLine, type LineKind } from "./classify-line";
export { HostError, type RunOptions, type ScriptHost, type ScriptResult, type ScriptValue } from "./host";
export { MESSAGES } from "./messages";
export { MAX_ARRAY_SIZE, MAX_BLOCK_DEPTH, MAX_RESTART_POINT_LENGTH, parseScript, restartFrom } from "./parse-script";
export { DEFAULT_STEP_LIMIT, DEFAULT_TIME_LIMIT, MAX_OUTPUT_CHARACTERS, runScript, WORK_SLICE } from "./run-script";
export { ScriptSyntaxError } from "./script-syntax-error";
export { MAX_TEXT_LENGTH } from "./script-values";
export { substituteVariables } from "./substitute";
export { MAX_STATEMENT_LENGTH, tokenizeLine } from "./tokenizer";
export type {
  NumberToken,
  Operator,
  OperatorToken,
  PunctuationToken,
  SourceSpan,
  StringToken,
  Token,
  TokenKind,
  VariableToken,
  WordToken,
} from "./tokens";
export { MAX_VARIABLE_NAME_LENGTH, variableKey } from "./variable-name";

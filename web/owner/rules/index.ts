// The rules feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { RowField } from "./row-field";
export { RemoveRowButton, RowsEditor } from "./rows-editor";
export { RuleInput } from "./rule-input";
export { useVersionedSave } from "./use-versioned-save";

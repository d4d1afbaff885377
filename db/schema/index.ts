export * from "./members";
export * from "./profiles";
export * from "./photos";
export * from "./sessions";
export * from "./credits";
export * from "./accounts";
export * from "./push";

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

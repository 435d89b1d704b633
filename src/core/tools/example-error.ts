/** The error for a host tool's example that does not fit its schema (docs/contracts.md "Host tools"). */
export function exampleError(name: string, index: number): string {
  return `Example ${index} of tool '${name}' does not match its parameters schema`;
}

import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response. Only the server provides it: browsers hide the attribute
 * from scripts, so in the browser it is read as "" and hydration matches.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}

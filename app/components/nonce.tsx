import { createContext, useContext } from "react";

/** The CSP nonce of the current server render ("" in the browser and in prerendered pages). */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

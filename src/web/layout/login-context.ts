import { createContext, useContext } from 'react';

export const LoginDialogContext = createContext<{ openLogin: () => void }>({ openLogin: () => {} });

/** Opens the login dialog from anywhere on the public site. */
export function useLoginDialog() {
  return useContext(LoginDialogContext);
}

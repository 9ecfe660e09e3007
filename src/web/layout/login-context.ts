import { createContext, useContext } from 'react';

/** Which part of the login dialog opens first. */
export type LoginView = 'sign-in' | 'forgot';

export const LoginDialogContext = createContext<{ openLogin: () => void; openForgotPassword: () => void }>({
  openLogin: () => {},
  openForgotPassword: () => {},
});

/**
 * Opens the login dialog from anywhere on the public site; `openForgotPassword` opens it on the
 * forgot-password form (for pages whose link has expired).
 */
export function useLoginDialog() {
  return useContext(LoginDialogContext);
}

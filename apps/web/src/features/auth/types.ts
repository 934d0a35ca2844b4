// The values of the auth forms: the views fill them and the lazily loaded validators check them,
// so both import them from here (the validators chunk does not import the views).

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
  privacyConsent: boolean;
  marketingConsent: boolean;
  [field: string]: unknown;
}

export interface ConfirmValues {
  confirmationCode: string;
  [field: string]: unknown;
}

export interface ForgotValues {
  email: string;
  [field: string]: unknown;
}

export interface ResetValues {
  resetCode: string;
  newPassword: string;
  [field: string]: unknown;
}

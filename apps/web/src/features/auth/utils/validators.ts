import {
  ConfirmFormSchema,
  ForgotFormSchema,
  LoginFormSchema,
  ResetFormSchema,
  type SignUpFormValues,
  signUpFormErrors,
} from '@app/domain';
import { type FormValidator, schemaValidator } from '../hooks/use-validated-form';
import type { ConfirmValues, ForgotValues, LoginValues, ResetValues } from '../types';

/**
 * The auth forms' rules (domain zod schemas), in their own chunk: the views load it once they are on
 * screen (lazyValidator), so zod is not part of the sign-in page's first download.
 */
export const validateLogin = schemaValidator<LoginValues>(LoginFormSchema);
export const validateSignUp: FormValidator<SignUpFormValues> = signUpFormErrors;
export const validateConfirm = schemaValidator<ConfirmValues>(ConfirmFormSchema);
export const validateForgot = schemaValidator<ForgotValues>(ForgotFormSchema);
export const validateReset = schemaValidator<ResetValues>(ResetFormSchema);

export { buildSignUpPayload } from '@app/domain';

import { assertNever, MESSAGES, PRODUCT_NAME, RESEND_NOTICE_MS } from '@app/domain';
import { Alert, Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { nextPathOf, paths, SESSION_ENDED, SESSION_PARAM } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useConfirmSignupMutation } from '@/lib/auth-api/confirm-signup';
import { useLoginMutation } from '@/lib/auth-api/login';
import { useResendCodeMutation } from '@/lib/auth-api/resend-code';
import { whenEngagedOrIdle } from '@/lib/idle';
import { serverMessageOf } from '@/lib/server-message';
import type { ToastInput } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { useRegisterMutation } from '../api/register';
import { useResetPasswordMutation } from '../api/reset-password';
import type { AuthError } from './auth-error-alert';
import classes from './auth-screen.module.css';
import type { ConfirmValues } from './confirm-view';
import type { ForgotValues } from './forgot-view';
import { type LoginValues, LoginView } from './login-view';
import type { ResetValues } from './reset-view';
import type { SignUpValues } from './signup-view';

// Sign-in is the view most people need; the others (and the leave guard's dialog) are loaded when
// first shown, and fetched as soon as the person engages with the page so switching views does not
// wait.
const loadSignUpView = () => import('./signup-view');
const loadConfirmView = () => import('./confirm-view');
const loadForgotView = () => import('./forgot-view');
const loadResetView = () => import('./reset-view');
const loadLeaveGuard = () => import('./leave-verification-guard');
const SignUpView = lazy(() => loadSignUpView().then((m) => ({ default: m.SignUpView })));
const ConfirmView = lazy(() => loadConfirmView().then((m) => ({ default: m.ConfirmView })));
const ForgotView = lazy(() => loadForgotView().then((m) => ({ default: m.ForgotView })));
const ResetView = lazy(() => loadResetView().then((m) => ({ default: m.ResetView })));
// Shown only after a submit: loaded then (or when prefetched below).
// The welcome panel beside the card is decorative and shown on wide screens only (hidden on phones):
// its code follows the form's, in the same place (an empty panel of the same size until then).
const AuthSidePanel = lazy(() => import('./auth-side-panel').then((m) => ({ default: m.AuthSidePanel })));
const loadErrorAlert = () => import('./auth-error-alert');
const loadLoadingOverlay = () => import('./auth-loading-overlay');
const AuthErrorAlert = lazy(() => loadErrorAlert().then((m) => ({ default: m.AuthErrorAlert })));
const AuthLoadingOverlay = lazy(() => loadLoadingOverlay().then((m) => ({ default: m.AuthLoadingOverlay })));
const LeaveVerificationGuard = lazy(() =>
  loadLeaveGuard().then((m) => ({ default: m.LeaveVerificationGuard })),
);
// Toasts follow a finished step only; their code is fetched then.
const toastSuccess = (input: ToastInput) =>
  void import('@/lib/toast').then(({ toast }) => toast.success(input));
/** Signed in: a toast that asked for it ('Authentication required') goes. */
const endSignInPrompts = () => void import('@/lib/toast').then(({ toast }) => toast.endSignInPrompts());
const prefetchViews = () =>
  Promise.all([
    loadSignUpView(),
    loadConfirmView(),
    loadForgotView(),
    loadResetView(),
    loadLeaveGuard(),
    loadErrorAlert(),
    loadLoadingOverlay(),
  ]);

export type AuthView = 'login' | 'signup' | 'confirm' | 'forgot' | 'reset';

/** Spec §2 "Auth screen": the title of each view. */
export const AUTH_VIEW_TITLES: Record<AuthView, string> = {
  login: 'Sign In',
  signup: 'Sign Up',
  confirm: 'Confirm',
  forgot: 'Forgot Password',
  reset: 'Reset Password',
};

/** Spec §2: the loading overlay texts. */
export const AUTH_LOADING_TEXTS = {
  signingIn: 'Signing In...',
  creatingAccount: 'Creating Account...',
  sendingResetCode: 'Sending Reset Code...',
  resettingPassword: 'Resetting Password...',
  confirmingAccount: 'Confirming Account...',
  resendingCode: 'Resending Code...',
} as const;

const VIEW_SUBTITLES: Record<AuthView, string> = {
  login: 'Welcome back. Sign in to request and manage your appointments.',
  signup: 'Create your account to request appointments with local providers.',
  confirm: 'One last step: verify your email address.',
  forgot: 'It happens. We will email you a code.',
  reset: 'Choose a new password for your account.',
};

/** The path decides the starting view (spec §2): /register opens sign-up, anything else sign-in. */
export const startViewFor = (pathname: string): AuthView =>
  pathname === paths.register.path ? 'signup' : 'login';

// The server's field names (sign-up payload) mapped back onto the form's fields.
const SIGNUP_FIELD_FOR_PAYLOAD: Record<string, string> = {
  address: 'addressLine1',
  birthdate: 'dob',
  phoneNumber: 'phone',
};

// The joined address's message names its part: Town, Postcode, or else Address Line 1.
const ADDRESS_FIELD_FOR_MESSAGE: Record<string, string> = {
  [MESSAGES.townRequired]: 'town',
  [MESSAGES.postcodeRequired]: 'postcode',
  [MESSAGES.validUkPostcode]: 'postcode',
};

/** The sign-up form field a server field error belongs on. */
export function signUpFieldForServerError(field: string, message: string): string {
  if (field === 'address') return ADDRESS_FIELD_FOR_MESSAGE[message] ?? 'addressLine1';
  return SIGNUP_FIELD_FOR_PAYLOAD[field] ?? field;
}

// The alert says under its title whatever the failed call came back with, the network's failure too.
const ANY_FAILURE = { includeNetworkError: true, includeStatusText: true } as const;

const isUserNotConfirmed = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.message === MESSAGES.userNotConfirmed || error.code === MESSAGES.userNotConfirmed);

/** The account waiting for its code. The password stays in memory only, to sign in after confirming. */
interface PendingAccount {
  email: string;
  password: string;
  rememberMe: boolean;
  /** Known after sign-up (not after a sign-in to an unconfirmed account): for the welcome. */
  firstName?: string;
}

/** The welcome once a new account is confirmed and signed in. */
export function welcomeToast(firstName?: string): ToastInput {
  const name = firstName?.trim();
  return {
    title: MESSAGES.accountConfirmed,
    message: `Welcome to ${PRODUCT_NAME}${name ? `, ${name}` : ''}! You can now request appointments.`,
  };
}

/**
 * The auth screen (spec §2, §4 "Auth view flow"). Each navigation (a new location key) starts the
 * flow afresh at the path's view, so the sign in ↔ sign up links and the nav bar links reset it.
 */
export function AuthScreen() {
  const location = useLocation();
  return <AuthFlow key={location.key} startView={startViewFor(location.pathname)} />;
}

function AuthFlow({ startView }: { startView: AuthView }) {
  const navigate = useNavigate();
  // Where signing in returns to: the page that asked for it (api-contract §9.1).
  const search = new URLSearchParams(useLocation().search);
  const afterSignIn = nextPathOf(search.get('next'));
  // A session that was in use ended (its refresh failed): say so (issue 29, item 3).
  const isSessionEnded = search.get(SESSION_PARAM) === SESSION_ENDED;
  const { signIn } = useSession();
  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  const confirmMutation = useConfirmSignupMutation();
  const resendMutation = useResendCodeMutation();
  const forgotMutation = useForgotPasswordMutation();
  const resetMutation = useResetPasswordMutation();

  const [view, setView] = useState<AuthView>(startView);
  const busy = useSingleFlight();
  const [busyText, setBusyText] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const [signUpServerErrors, setSignUpServerErrors] = useState<Record<string, string>>();
  const [loginEmail, setLoginEmail] = useState('');
  const [resetEmail, setResetEmail] = useState('');
  const [showResendNotice, setShowResendNotice] = useState(false);
  const pendingRef = useRef<PendingAccount | null>(null);
  const viewRef = useRef(view);
  const isVerifiedRef = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const hasMountedRef = useRef(false);

  viewRef.current = view;
  const isLeaveGuardActive = useCallback(() => viewRef.current === 'confirm' && !isVerifiedRef.current, []);

  const goTo = (next: AuthView) => {
    viewRef.current = next;
    setError(null);
    // A transition: the current view stays on screen while the next one's code loads.
    startTransition(() => setView(next));
  };

  useEffect(() => whenEngagedOrIdle(() => void prefetchViews().catch(() => {})), []);

  // Move focus to the new title so screen-reader and keyboard users know the view changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each view change on purpose
  useEffect(() => {
    if (hasMountedRef.current) titleRef.current?.focus();
    hasMountedRef.current = true;
  }, [view]);

  // The code-resent notice disappears after RESEND_NOTICE_MS (spec §2: 3 seconds).
  useEffect(() => {
    if (!showResendNotice) return;
    const timer = window.setTimeout(() => setShowResendNotice(false), RESEND_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [showResendNotice]);

  /** Runs one step under the loading overlay; a submit while one is running is ignored. */
  const withBusy = (text: string, step: () => Promise<void>) =>
    busy.run(async () => {
      setBusyText(text);
      try {
        await step();
      } finally {
        setBusyText(null);
      }
    });

  /** Resend failures on the auth screen are only logged (spec §8). */
  const resendQuietly = async (email: string): Promise<boolean> => {
    try {
      await resendMutation.mutateAsync({ username: email });
      return true;
    } catch (resendError) {
      console.warn('Resending the confirmation code failed', resendError);
      return false;
    }
  };

  const handleLogin = (values: LoginValues) =>
    withBusy(AUTH_LOADING_TEXTS.signingIn, async () => {
      setError(null);
      const credentials = { email: values.email.trim(), password: values.password };
      try {
        const tokens = await loginMutation.mutateAsync(credentials);
        signIn(tokens, { rememberMe: values.rememberMe });
        endSignInPrompts();
        navigate(afterSignIn, { replace: true });
      } catch (loginError) {
        if (isUserNotConfirmed(loginError)) {
          pendingRef.current = { ...credentials, rememberMe: values.rememberMe };
          setBusyText(AUTH_LOADING_TEXTS.resendingCode);
          await resendQuietly(credentials.email);
          goTo('confirm');
          return;
        }
        setError({ title: MESSAGES.loginFailed, message: serverMessageOf(loginError, ANY_FAILURE) });
      }
    });

  const handleSignUp = (values: SignUpValues) =>
    withBusy(AUTH_LOADING_TEXTS.creatingAccount, async () => {
      setError(null);
      setSignUpServerErrors(undefined);
      // Already loaded by the sign-up form's rules (utils/validators).
      const { buildSignUpPayload } = await import('../utils/validators');
      const payload = buildSignUpPayload({ ...values, privacyConsent: true });
      try {
        await registerMutation.mutateAsync(payload);
        pendingRef.current = {
          email: payload.email,
          password: values.password,
          rememberMe: values.rememberMe,
          firstName: values.firstName,
        };
        goTo('confirm');
      } catch (signUpError) {
        setError({ title: MESSAGES.signupFailed, message: serverMessageOf(signUpError, ANY_FAILURE) });
        if (signUpError instanceof ApiError && Object.keys(signUpError.fieldErrors).length > 0) {
          setSignUpServerErrors(
            Object.fromEntries(
              Object.entries(signUpError.fieldErrors).map(([field, message]) => [
                signUpFieldForServerError(field, message),
                message,
              ]),
            ),
          );
        }
      }
    });

  const handleConfirm = ({ confirmationCode }: ConfirmValues) =>
    withBusy(AUTH_LOADING_TEXTS.confirmingAccount, async () => {
      const pending = pendingRef.current;
      if (!pending) return;
      setError(null);
      try {
        await confirmMutation.mutateAsync({ username: pending.email, code: confirmationCode.trim() });
      } catch (confirmError) {
        setError({ title: MESSAGES.confirmationFailed, message: serverMessageOf(confirmError, ANY_FAILURE) });
        return;
      }
      isVerifiedRef.current = true;
      pendingRef.current = null;
      try {
        const tokens = await loginMutation.mutateAsync({ email: pending.email, password: pending.password });
        signIn(tokens, { rememberMe: pending.rememberMe });
        endSignInPrompts();
        goTo('login');
        navigate(afterSignIn, { replace: true });
        toastSuccess(welcomeToast(pending.firstName));
      } catch (loginError) {
        // Confirmed, but the automatic sign-in did not work: let the person sign in themselves.
        console.warn('Signing in after confirmation failed', loginError);
        setLoginEmail(pending.email);
        goTo('login');
        toastSuccess({ title: 'Account confirmed', message: 'Please sign in to continue.' });
      }
    });

  const handleResend = () =>
    withBusy(AUTH_LOADING_TEXTS.resendingCode, async () => {
      const pending = pendingRef.current;
      if (!pending) return;
      setShowResendNotice(false);
      if (await resendQuietly(pending.email)) setShowResendNotice(true);
    });

  const handleForgot = ({ email }: ForgotValues) =>
    withBusy(AUTH_LOADING_TEXTS.sendingResetCode, async () => {
      setError(null);
      const username = email.trim();
      try {
        await forgotMutation.mutateAsync({ username });
        setResetEmail(username);
        goTo('reset');
      } catch (forgotError) {
        setError({ title: MESSAGES.sendCodeFailed, message: serverMessageOf(forgotError, ANY_FAILURE) });
      }
    });

  const handleReset = ({ resetCode, newPassword }: ResetValues) =>
    withBusy(AUTH_LOADING_TEXTS.resettingPassword, async () => {
      setError(null);
      try {
        await resetMutation.mutateAsync({
          email: resetEmail,
          confirmationCode: resetCode.trim(),
          newPassword,
        });
        setLoginEmail(resetEmail);
        goTo('login');
        toastSuccess({ title: 'Password reset', message: 'Sign in with your new password.' });
      } catch (resetError) {
        setError({ title: MESSAGES.resetFailed, message: serverMessageOf(resetError, ANY_FAILURE) });
      }
    });

  const backToSignIn = () => {
    setLoginEmail(resetEmail || loginEmail);
    goTo('login');
  };

  const renderView = () => {
    switch (view) {
      case 'login':
        return (
          <LoginView
            initialEmail={loginEmail}
            onSubmit={handleLogin}
            onForgotPassword={() => goTo('forgot')}
          />
        );
      case 'signup':
        return (
          <SignUpView
            onSubmit={handleSignUp}
            onForgotPassword={() => goTo('forgot')}
            serverErrors={signUpServerErrors}
          />
        );
      case 'confirm':
        return (
          <ConfirmView
            email={pendingRef.current?.email ?? ''}
            showResendNotice={showResendNotice}
            onSubmit={handleConfirm}
            onResend={handleResend}
            // A navigation, so the leave guard asks first.
            onBackToSignIn={() => navigate(paths.login.getHref())}
          />
        );
      case 'forgot':
        return <ForgotView initialEmail={loginEmail} onSubmit={handleForgot} onBackToSignIn={backToSignIn} />;
      case 'reset':
        return <ResetView email={resetEmail} onSubmit={handleReset} onBackToSignIn={backToSignIn} />;
      default:
        return assertNever(view);
    }
  };

  return (
    <Suspense fallback={<FullPageLoader />}>
      <Box className={classes.page}>
        <div className={classes.layout}>
          <Suspense fallback={<div className={classes.panel} />}>
            <AuthSidePanel />
          </Suspense>
          <Paper className={classes.card} data-view={view} shadow="md" withBorder pos="relative">
            {busyText !== null ? (
              <Suspense fallback={null}>
                <AuthLoadingOverlay text={busyText} />
              </Suspense>
            ) : null}
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} className={classes.title} ref={titleRef} tabIndex={-1}>
                  {AUTH_VIEW_TITLES[view]}
                </Title>
                <Text c="dimmed">{VIEW_SUBTITLES[view]}</Text>
                {view === 'login' ? (
                  <Text size="sm">
                    New here?{' '}
                    <Anchor component={Link} to={paths.register.getHref()} fw={600}>
                      Sign up
                    </Anchor>
                  </Text>
                ) : null}
                {view === 'signup' ? (
                  <Text size="sm">
                    Already have an account?{' '}
                    <Anchor component={Link} to={paths.login.getHref()} fw={600}>
                      Sign in
                    </Anchor>
                  </Text>
                ) : null}
              </Stack>
              {error ? (
                <Suspense fallback={null}>
                  <AuthErrorAlert error={error} />
                </Suspense>
              ) : view === 'login' && isSessionEnded ? (
                <Alert color="orange" variant="light" role="status">
                  {MESSAGES.sessionEnded}
                </Alert>
              ) : null}
              {renderView()}
            </Stack>
          </Paper>
        </div>
        {view === 'confirm' ? <LeaveVerificationGuard isActive={isLeaveGuardActive} /> : null}
      </Box>
    </Suspense>
  );
}

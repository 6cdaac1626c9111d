import { zodResolver } from "@hookform/resolvers/zod";
import { useStore } from "@nanostores/react";
import { Banner, Button, FormControl, Heading, Text, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { isApiError, type LoginBody, loginBodySchema } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { describeError } from "../messages/messageStore.ts";
import { $session, signIn, signInAsDemoUser } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/** Wording for the schema's own checks; answers from the server carry their own message. */
const fieldHints = {
  email: "Enter your e-mail address, such as name@agency.example.",
  password: "Enter your password.",
} as const;

function DemoSignIn({ email }: { email: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // A first-time user presses Enter and is in; never steal focus from a field already in use.
    if (!document.activeElement || document.activeElement === document.body) buttonRef.current?.focus();
  }, []);
  const continueAsDemoUser = async () => {
    setPending(true);
    setError(null);
    try {
      await signInAsDemoUser();
    } catch (caught) {
      setError(describeError(caught));
      setPending(false);
    }
  };
  return (
    <section className="sleuth-demo" aria-labelledby="demo-heading">
      <Heading as="h2" id="demo-heading" className="sleuth-demo-title">
        Try the demo world
      </Heading>
      <Text as="p" className="sleuth-muted">
        This server holds sample investigations. Sign in as {email} to explore them.
      </Text>
      <Button
        ref={buttonRef}
        variant="primary"
        size="large"
        block
        loading={pending}
        onClick={continueAsDemoUser}
      >
        Continue as demo user
      </Button>
      <div role="alert">{error ? <InlineMessage variant="critical">{error}</InlineMessage> : null}</div>
    </section>
  );
}

/** 000 §4 sign-in: e-mail and password, or the demo user when the server offers one. */
export function SignInPage() {
  const session = useStore($session);
  const config = useQuery({
    queryKey: ["auth", "config"],
    queryFn: () => sleuthClient.auth.config(),
    staleTime: Infinity,
  });
  const demoUser = config.data?.demoUser ?? null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await signIn(body);
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 400)) {
        setError(
          "password",
          { type: "server", message: "The e-mail address or password is wrong." },
          { shouldFocus: true },
        );
      } else {
        setError("root.server", { type: "server", message: describeError(error) });
      }
    }
  });
  const messageOf = (field: keyof LoginBody) => {
    const error = errors[field];
    if (!error) return null;
    return error.type === "server" && error.message ? error.message : fieldHints[field];
  };
  const emailError = messageOf("email");
  const passwordError = messageOf("password");
  const signedOut = session.status === "unauthenticated" && session.reason === "signed-out";

  return (
    <main className="sleuth-centered">
      <div className="sleuth-card">
        <p className="sleuth-signin-brand">Sleuth</p>
        <Heading as="h1" className="sleuth-card-title">
          Sign in
        </Heading>
        <div role="status">
          {signedOut ? <InlineMessage variant="success">You are signed out.</InlineMessage> : null}
        </div>
        {demoUser ? <DemoSignIn email={demoUser.email} /> : null}
        <form onSubmit={onSubmit} noValidate className="sleuth-signin-form" aria-labelledby="signin-heading">
          <Heading as="h2" id="signin-heading" className="sleuth-form-title">
            {demoUser ? "Or sign in with your e-mail" : "Sign in with your e-mail"}
          </Heading>
          <div role="alert">
            {errors.root?.server ? (
              <Banner variant="critical" title="Could not sign in" description={errors.root.server.message} />
            ) : null}
          </div>
          <FormControl required>
            <FormControl.Label>E-mail address</FormControl.Label>
            <TextInput
              type="email"
              autoComplete="username"
              block
              validationStatus={emailError ? "error" : undefined}
              {...register("email")}
            />
            {emailError ? (
              <FormControl.Validation variant="error">{emailError}</FormControl.Validation>
            ) : null}
          </FormControl>
          <FormControl required>
            <FormControl.Label>Password</FormControl.Label>
            <TextInput
              type="password"
              autoComplete="current-password"
              block
              validationStatus={passwordError ? "error" : undefined}
              {...register("password")}
            />
            {passwordError ? (
              <FormControl.Validation variant="error">{passwordError}</FormControl.Validation>
            ) : null}
          </FormControl>
          <Button type="submit" variant={demoUser ? "default" : "primary"} block loading={isSubmitting}>
            Sign in
          </Button>
        </form>
      </div>
    </main>
  );
}

import { ApiError, loginBodySchema } from "@sleuth/sdk";
import { Box, render, Text, useApp, useInput } from "ink";
import React from "react";
import { CancelledError } from "../errors.ts";
import type { CliIo } from "../io.ts";

// Node strips types but does not transform JSX, so components are built with createElement.
const h = React.createElement;

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginPromptProps {
  apiUrl: string;
  /** Exchanges the credentials for a token; an ApiError 401 lets the user try again. */
  signIn: (credentials: Credentials) => Promise<void>;
  maxAttempts?: number;
}

type Step = "email" | "password" | "working";

interface FormState {
  step: Step;
  email: string;
  password: string;
  problem: string | null;
  attempts: number;
}

const initialForm: FormState = { step: "email", email: "", password: "", problem: null, attempts: 0 };

const emailSchema = loginBodySchema.shape.email;

function pressEnter(form: FormState): FormState & { submit?: Credentials } {
  if (form.step === "email") {
    if (!emailSchema.safeParse(form.email.trim()).success)
      return { ...form, problem: "enter an e-mail address" };
    return { ...form, step: "password", problem: null };
  }
  if (form.step === "password") {
    if (form.password.length === 0) return { ...form, problem: "enter your password" };
    return {
      ...form,
      step: "working",
      problem: null,
      submit: { email: form.email.trim(), password: form.password },
    };
  }
  return form;
}

/**
 * Applies typed text to the form. Text typed ahead before the prompt appeared, or pasted, arrives
 * as one string; each line break in it acts as Enter, so "e-mail⏎password⏎" signs in.
 */
function typeText(form: FormState, text: string): FormState & { submit?: Credentials } {
  let next: FormState & { submit?: Credentials } = form;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((line, index) => {
    if (next.step === "working") return;
    next =
      next.step === "email"
        ? { ...next, email: next.email + line }
        : { ...next, password: next.password + line };
    if (index < lines.length - 1) next = pressEnter(next);
  });
  return next;
}

function Field(props: { label: string; value: string; active: boolean; hidden?: boolean }) {
  const shown = props.hidden ? "" : props.value;
  return h(
    Box,
    null,
    h(Text, { color: props.active ? "cyan" : "green" }, props.active ? "? " : "✓ "),
    h(Text, { bold: true }, `${props.label}: `),
    h(Text, null, shown),
    props.active ? h(Text, { inverse: true }, " ") : null,
    props.hidden && (props.active || props.value)
      ? h(Text, { dimColor: true }, props.active ? " (hidden)" : "(hidden)")
      : null,
  );
}

/**
 * The interactive `sleuth login` form: e-mail, then password (never echoed), then the exchange.
 * A wrong password goes back to the password field; Ctrl-C or Escape cancels (exit code 2).
 */
export function LoginPrompt(props: LoginPromptProps) {
  const { exit } = useApp();
  const maxAttempts = props.maxAttempts ?? 3;
  const [form, setForm] = React.useState<FormState>(initialForm);
  const { step, email, password, problem } = form;

  const submit = (credentials: Credentials, attempts: number) => {
    props.signIn(credentials).then(
      () => exit(),
      (error: unknown) => {
        const rejected = error instanceof ApiError && error.status === 401;
        const used = attempts + 1;
        if (!rejected || used >= maxAttempts) {
          exit(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const left = maxAttempts - used;
        setForm((current) => ({
          ...current,
          step: "password",
          password: "",
          attempts: used,
          problem: `wrong e-mail or password (${left} more ${left === 1 ? "try" : "tries"})`,
        }));
      },
    );
  };

  useInput((input, key) => {
    if ((key.ctrl && input === "c") || key.escape) {
      exit(new CancelledError());
      return;
    }
    if (form.step === "working") return;
    if (key.return) {
      apply(typeText(form, "\r"));
      return;
    }
    if (form.step === "password" && (key.upArrow || (key.shift && key.tab))) {
      setForm({ ...form, step: "email" });
      return;
    }
    if (key.backspace || key.delete) {
      const field = form.step === "email" ? "email" : "password";
      setForm({ ...form, [field]: [...form[field]].slice(0, -1).join("") });
      return;
    }
    if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow)
      return;
    apply(typeText(form, input));
  });

  function apply(next: FormState & { submit?: Credentials }) {
    const { submit: credentials, ...state } = next;
    setForm(state);
    if (credentials) submit(credentials, state.attempts);
  }
  return h(
    Box,
    { flexDirection: "column" },
    h(Text, null, "Sign in to ", h(Text, { bold: true }, props.apiUrl)),
    h(Field, { label: "E-mail", value: email, active: step === "email" }),
    step === "email"
      ? null
      : h(Field, { label: "Password", value: password, active: step === "password", hidden: true }),
    step === "working" ? h(Text, { dimColor: true }, "Signing in…") : null,
    problem ? h(Text, { color: "red" }, `✗ ${problem}`) : null,
    step === "working"
      ? null
      : h(
          Text,
          { dimColor: true },
          step === "password"
            ? "Enter to sign in · ↑ edit e-mail · Esc to cancel"
            : "Enter to continue · Esc to cancel",
        ),
  );
}

/** Renders the form on stderr (stdout stays for data) and resolves once signed in. */
export async function promptLogin(io: CliIo, props: LoginPromptProps): Promise<void> {
  const instance = render(h(LoginPrompt, props), {
    stdin: io.stdin,
    stdout: io.stderr,
    stderr: io.stderr,
    exitOnCtrlC: false,
    patchConsole: false,
    interactive: true,
  });
  try {
    await instance.waitUntilExit();
  } finally {
    instance.cleanup();
  }
}

// @vitest-environment happy-dom
import { localizeValidationMessage, staffLoginSchema } from "@showroom/domain";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, type FormEvent } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkWith, serverErrors, useSubmission, type FormBinding, type Refusal } from "./use-form.ts";

afterEach(cleanup);

type Field = "email" | "password";
const BINDING: FormBinding<Field> = { fields: ["email", "password"] };

/** A small form bound to a schema of the domain, the way the storefront's forms use the binding and the hook. */
function LoginForm(props: { call(input: { email: string; password: string }): Promise<string>; refused?(error: unknown): Refusal<Field> | void; language?: "en" | "fr" }) {
  const [values, setValues] = useState({ email: "", password: "" });
  const [done, setDone] = useState<string | null>(null);
  const form = useSubmission({ fields: BINDING.fields, idOf: (field) => `login-${field}` });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      checkWith(staffLoginSchema, values, BINDING, (message) => localizeValidationMessage(message, props.language ?? "en")),
      {
        invalid: "Check the fields.",
        call: () => props.call(values),
        done: setDone,
        refused: props.refused ?? (() => ({ general: ["Something went wrong."] })),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      {BINDING.fields.map((field) => (
        <div key={field}>
          <label htmlFor={`login-${field}`}>{field}</label>
          <input
            id={`login-${field}`}
            value={values[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            aria-invalid={form.errors[field] ? true : undefined}
            aria-describedby={form.errors[field] ? `login-${field}-error` : undefined}
          />
          {form.errors[field] && <p id={`login-${field}-error`}>{form.errors[field]}</p>}
        </div>
      ))}
      {form.general.length > 0 && <p role="alert">{form.general.join(" ")}</p>}
      {done && <p role="status">{done}</p>}
      <button type="submit" disabled={form.pending}>
        {form.pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole("button"));
const http = (status: number, body: unknown) => Object.assign(new Error("refused"), { status, body });

describe("checkWith: a schema of the domain bound to a form's fields", () => {
  it("puts each issue's message, localized, at the field its path names (the first per field)", () => {
    const checked = checkWith(staffLoginSchema, { email: "nope", password: "" }, BINDING, (m) => localizeValidationMessage(m, "fr"));
    expect(checked).toEqual({ ok: false, fields: { email: "Entrez une adresse courriel valide.", password: "Ce champ est obligatoire." }, general: [] });
  });

  it("answers the parsed data when valid", () => {
    expect(checkWith(staffLoginSchema, { email: " A@B.co ", password: "x" }, BINDING, (m) => m)).toEqual({ ok: true, data: { email: "a@b.co", password: "x" } });
  });

  it("sends a message of another path to the field fieldOf names, or with the general ones", () => {
    const issues = { safeParse: () => ({ success: false as const, error: { issues: [{ path: ["consents", "terms"], message: "Accept" }, { path: ["url"], message: "Bad url" }] } }) };
    const binding: FormBinding<"email" | "terms"> = { fields: ["email", "terms"], fieldOf: (path) => (path.startsWith("consents") ? "terms" : null) };
    expect(checkWith(issues, {}, binding, (m) => m)).toEqual({ ok: false, fields: { terms: "Accept" }, general: ["Bad url"] });
  });

  it("places the API's messages the same way", () => {
    expect(serverErrors({ email: "Taken.", "base.x": "Nested.", other: "Other." }, { fields: ["email", "x"], fieldOf: (p) => (p === "base.x" ? "x" : null) })).toEqual({
      fields: { email: "Taken.", x: "Nested." },
      general: ["Other."],
    });
  });
});

describe("useSubmission: a form's call, its pending state and its messages", () => {
  it("shows the browser's messages at their fields, focuses the first invalid one and sends nothing", async () => {
    const call = vi.fn();
    render(<LoginForm call={call} />);
    type("password", "secret");
    send();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("email")));
    expect(screen.getByLabelText("email").getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("login-email-error")?.textContent).toBe("This field is required.");
    expect(screen.getByRole("alert").textContent).toBe("Check the fields.");
    expect(call).not.toHaveBeenCalled();
  });

  it("in the visitor's language, and the first invalid field in the form's order takes the focus", async () => {
    render(<LoginForm call={vi.fn()} language="fr" />);
    type("email", "a@b.co");
    send();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("password")));
    expect(document.getElementById("login-password-error")?.textContent).toBe("Ce champ est obligatoire.");
    expect(document.getElementById("login-email-error")).toBeNull();
  });

  it("is pending while the call runs: the button says so, a second send is ignored, and done runs with the answer", async () => {
    let answer!: (value: string) => void;
    const call = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    render(<LoginForm call={call} />);
    type("email", "a@b.co");
    type("password", "secret");
    send();
    await waitFor(() => expect(screen.getByRole("button").textContent).toBe("Signing in…"));
    expect(screen.getByRole("button")).toHaveProperty("disabled", true);
    fireEvent.submit(screen.getByRole("button").closest("form")!);
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => answer("Welcome"));
    expect(screen.getByRole("status").textContent).toBe("Welcome");
    expect(screen.getByRole("button").textContent).toBe("Sign in");
    expect(screen.getByRole("button")).toHaveProperty("disabled", false);
  });

  it("shows the API's field messages at the same place as the browser's, and focuses the first", async () => {
    const refused = (error: unknown) => serverErrors((error as { body: Record<string, string> }).body, BINDING);
    render(<LoginForm call={() => Promise.reject(http(400, { password: "Wrong password.", email: "Unknown email." }))} refused={refused} />);
    type("email", "a@b.co");
    type("password", "secret");
    send();
    await waitFor(() => expect(document.getElementById("login-email-error")?.textContent).toBe("Unknown email."));
    expect(document.getElementById("login-password-error")?.textContent).toBe("Wrong password.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("email")));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button")).toHaveProperty("disabled", false);
  });

  it("shows a general message for a refusal that names no field, focusing the field asked for", async () => {
    render(<LoginForm call={() => Promise.reject(new Error("offline"))} refused={() => ({ general: ["The network is down."], focus: "password" })} />);
    type("email", "a@b.co");
    type("password", "secret");
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The network is down."));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("password")));
    expect(screen.getByLabelText("email").getAttribute("aria-invalid")).toBeNull();
  });

  it("clears the messages of the last try when the form is sent again", async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("ok");
    render(<LoginForm call={call} />);
    type("email", "a@b.co");
    type("password", "secret");
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Something went wrong."));
    send();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("ok"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("run makes its call even without a done step", async () => {
    const call = vi.fn(async () => "sent");
    function Button() {
      const form = useSubmission<never>({ fields: [], idOf: () => "" });
      return (
        <button type="button" onClick={() => void form.run({ call, refused: () => undefined })}>
          Go
        </button>
      );
    }
    render(<Button />);
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
  });
});

import { z } from "zod";
import { ownerText } from "./validation";

/** The login and sign-up rules of spec section 5, used by the forms and the server. */

const email = z
  .string({ error: "Please enter a valid email address." })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Please enter a valid email address." }));

export const passwordSchema = z
  .string({ error: "Password must be at least 8 characters." })
  .min(8, { error: "Password must be at least 8 characters." })
  .max(128, { error: "Password must be at most 128 characters." });

export const nameSchema = ownerText({ error: "Name must be at least 2 characters." })
  .trim()
  .min(2, { error: "Name must be at least 2 characters." })
  .max(100, { error: "Name must be at most 100 characters." });

export const loginSchema = z.object({ email, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z
  .object({ name: nameSchema, email, password: passwordSchema, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, {
    error: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type SignupInput = z.infer<typeof signupSchema>;

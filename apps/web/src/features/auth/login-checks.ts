import { zodResolver } from '@hookform/resolvers/zod';
import { SignInInputSchema, SignInResultSchema } from '@otakura/shared';

/*
 * The sign-in page's zod: the login form's check and the sign-in answer's schema, in a chunk of
 * their own so that /login's first load carries no zod. Fetched when the form is first focused
 * or submitted (login-form.tsx `lazyResolver`); the answer's schema is there by the time the
 * sign-in request returns.
 */

/** The login form's fields, checked by the shared sign-in schema. */
export const loginResolver = zodResolver(SignInInputSchema.pick({ email: true, password: true }));

export { SignInResultSchema };

/**
 * Signs up the benchmark's owner through the API of an app built in this process (app.inject) and
 * answers the headers of their session and their user id. Shared by the in-process benchmarks.
 */
export async function signUpOwner(app, name) {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'st-auth-mode': 'header' },
    payload: {
      formFields: [
        { id: 'email', value: `${name}@example.com` },
        { id: 'password', value: `${name} password 1` },
      ],
    },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up: HTTP ${signUp.statusCode} ${signUp.body}`);
  return { headers: { authorization: `Bearer ${signUp.headers['st-access-token']}` }, userId: signUp.json().user.id };
}

/** The session cookie, as its value and as a Cookie header (`le_session=…`), after accepting a `users:invite` link as a new user would. */
export async function acceptInvite(baseUrl: string, inviteUrl: string): Promise<{ value: string; header: string }> {
  const token = new URL(inviteUrl).pathname.split('/').pop();
  const response = await fetch(`${baseUrl}/console/api/invites/${token}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Owner', password: 'bench-password-1' }),
  });
  if (response.status !== 200) throw new Error(`accepting the invite answered ${response.status}`);
  const header = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('le_session='))!
    .split(';', 1)[0];
  return { value: header.slice('le_session='.length), header };
}

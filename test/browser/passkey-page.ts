/**
 * The page the browser test loads: what a web client does with daybook's passkey endpoints, using only the
 * platform's WebAuthn JSON helpers (parseCreationOptionsFromJSON, parseRequestOptionsFromJSON, toJSON).
 */
export const PASSKEY_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>daybook passkey test</title></head>
<body>
<p id="status">idle</p>
<script>
async function api(path, body, token) {
  const headers = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = 'Bearer ' + token
  const response = await fetch('/api/v1' + path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) })
  const json = await response.json()
  if (!response.ok) throw new Error(path + ' answered ' + response.status + ': ' + JSON.stringify(json))
  return json.data
}

async function registerPasskey(token, name) {
  const options = await api('/auth/passkeys/register-options', {}, token)
  const credential = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })
  return api('/auth/passkeys/register', { response: credential.toJSON(), name }, token)
}

async function signInWithPasskey(email) {
  const options = await api('/auth/passkey/authenticate-options', email ? { email } : {})
  const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) })
  return api('/auth/passkey/authenticate', { response: credential.toJSON(), platform: 'web' })
}

window.passkeyDemo = async (token) => {
  const status = document.getElementById('status')
  status.textContent = 'registering'
  const passkey = await registerPasskey(token, 'Headless Chromium')
  status.textContent = 'signing in'
  const discoverable = await signInWithPasskey()
  const narrowed = await signInWithPasskey(discoverable.user.email)
  status.textContent = 'signed in'
  return { passkey, discoverable, narrowed }
}
</script>
</body>
</html>
`

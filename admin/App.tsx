import { useEffect, useState } from 'react';

/**
 * The console's entry point while the react-admin shell (issue #4) is being built: it shows
 * which backend it talks to, so the serving path of `npm start` can be checked end to end.
 */
export function App() {
  const [backend, setBackend] = useState<string>('…');
  useEffect(() => {
    fetch('/api/version')
      .then((response) => (response.ok ? (response.json() as Promise<{ version: string }>) : Promise.reject(new Error(String(response.status)))))
      .then((info) => setBackend(info.version))
      .catch(() => setBackend('Backend Unavailable'));
  }, []);
  return (
    <main>
      <h1>LoRa IoT Console</h1>
      <p>Backend: {backend}</p>
    </main>
  );
}

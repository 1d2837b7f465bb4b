import type { HeadFC } from 'gatsby';

const IndexPage = () => (
  <main>
    <h1>LoRa IoT network platform</h1>
    <p>Devices, gateways and data of your LoRaWAN fleet in one console. Hosted in Germany.</p>
    <p>
      <a href="/auth">Sign in</a>
    </p>
  </main>
);

export default IndexPage;

export const Head: HeadFC = () => (
  <>
    <html lang="en" />
    <title>LoRa IoT network platform</title>
  </>
);

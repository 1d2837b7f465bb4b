import type { GatsbyConfig } from 'gatsby';

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'LoRa IoT network platform',
    siteUrl: 'http://localhost:8000',
  },
  graphqlTypegen: false,
  jsxRuntime: 'automatic',
  trailingSlash: 'always',
};

export default config;

import type { HeadFC } from 'gatsby';

const NotFoundPage = () => (
  <main>
    <h1>Page not found</h1>
    <p>
      <a href="/">Back to the home page</a>
    </p>
  </main>
);

export default NotFoundPage;

export const Head: HeadFC = () => (
  <>
    <html lang="en" />
    <title>Page not found</title>
  </>
);

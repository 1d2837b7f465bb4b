// react-admin's error page in a module of its own, so ConsoleAdmin can load it only after a crash.
export { Error as ErrorPage } from 'react-admin';

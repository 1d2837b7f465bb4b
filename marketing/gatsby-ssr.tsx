import type { GatsbySSR } from 'gatsby';
import { LANGUAGE_REDIRECT_SCRIPT } from './src/lib/i18n';

/** The language redirect must run before first paint, so it is inlined into every page's head. */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents }) => {
  setHeadComponents([<script key="language" dangerouslySetInnerHTML={{ __html: LANGUAGE_REDIRECT_SCRIPT }} />]);
};

import { NotFound } from '../NotFound';
import { articleFor } from './articles';
import { Help } from './Help';
import { HelpArticlePage } from './HelpArticlePage';
import { HelpContact } from './HelpContact';
import { ImprintPage } from './ImprintPage';

/** Everything under /help. */
export function helpRoute(pathname: string, search: string) {
  if (pathname === '/help' || pathname === '/help/') return <Help />;
  if (pathname === '/help/contact') return <HelpContact search={search} />;
  if (pathname === '/help/imprint') return <ImprintPage />;
  const article = articleFor(pathname.slice('/help'.length));
  return article ? <HelpArticlePage article={article} /> : <NotFound />;
}

import Router from '@koa/router';
import { lex } from './middleware.js';
import { profileJson } from './organizations.js';

export function profileRouter(): Router {
  const router = new Router();
  router.get('/profile', (ctx) => {
    const { org, connection } = lex(ctx);
    ctx.body = profileJson(org, connection.id);
  });
  return router;
}

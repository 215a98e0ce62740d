/**
 * The GraphQL IDE (@segmentia/graphql-ide: GraphiQL with its explorer plugin,
 * bundled at build time): a browser that opens /graphql gets its page, its
 * files come from /graphql-ide/, and nothing comes from another host. With
 * introspection off (production with GRAPHQL_IDE=true), it reads the
 * committed schema (api/schema.graphql) from /graphql-ide/schema.graphql.
 */
import path from 'node:path';
import { IDE_ASSETS_DIR, IDE_CONTENT_SECURITY_POLICY, IDE_FILES, idePage } from '@segmentia/graphql-ide/assets';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { API_ROOT } from '../../database/paths';

const ENDPOINT = '/graphql';
const ASSETS_PATH = '/graphql-ide';

/** A browser's navigation to /graphql (an operation sent by GET carries ?query= and asks for JSON). */
const isPageRequest = (request: Request) =>
  request.method === 'GET' && request.path === '/' && !('query' in request.query) && request.accepts(['json', 'html']) === 'html';

export function mountGraphqlIde(app: Express, config: AppConfig): void {
  if (!config.graphqlIde) return;
  const introspection = !config.isProduction;
  const page = idePage({
    assetsPath: ASSETS_PATH,
    endpoint: ENDPOINT,
    schemaUrl: introspection ? undefined : `${ASSETS_PATH}/schema.graphql`,
    siteOrigins: config.SITE_ORIGINS,
  });
  const secure = (response: Response) => {
    response.setHeader('Content-Security-Policy', IDE_CONTENT_SECURITY_POLICY);
    response.setHeader('Referrer-Policy', 'no-referrer');
  };

  const assets = express.Router();
  for (const file of IDE_FILES) {
    assets.get(`/${file}`, (_request, response) => {
      secure(response);
      // Revalidated (ETag) rather than kept: the file changes with each build of the API.
      response.sendFile(path.join(IDE_ASSETS_DIR, file), { headers: { 'Cache-Control': 'no-cache' } });
    });
  }
  if (!introspection) {
    assets.get('/schema.graphql', (_request, response) => {
      secure(response);
      response.sendFile(path.join(API_ROOT, 'schema.graphql'), {
        headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    });
  }
  app.use(ASSETS_PATH, assets);
  app.use(ENDPOINT, (request: Request, response: Response, next: NextFunction) => {
    if (!isPageRequest(request)) return next();
    secure(response);
    response.type('html').send(page);
  });
}

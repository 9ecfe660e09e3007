import { z } from 'zod';
import { articles } from '../../content/articles/index';
import { faqs } from '../../content/faqs';
import { assistantQuestionSchema } from '../../domain/assistant-question';
import { limitPerAddress } from '../http/address-rate-limit';
import type { RoutesPlugin } from '../http/plugin';
import { notModifiedSchema, sendStored, storedJson } from '../http/stored-answer';
import { createKnowledgeAssistant } from './assistant';
import { articleListSchema, articleSchema, assistantAnswerSchema, faqListSchema } from './schemas';
import { getArticle, listArticles, listFaqs } from './service';

/** Articles, FAQs and the Knowledge Assistant. */
export const contentRoutes: RoutesPlugin = async (app, { database }) => {
  // The content ships with the code, so the search index is built once per process, not per question.
  const assistant = createKnowledgeAssistant({ articles, faqs });
  // So are these answers: each is serialized (and compressed) once, and served with its ETag.
  const articleList = storedJson(articleListSchema, () => listArticles());
  const articleById = new Map(articles.map((article) => [article.id, storedJson(articleSchema, () => article)]));
  const faqList = storedJson(faqListSchema, () => listFaqs());

  app.get(
    '/articles',
    { schema: { tags: ['content'], summary: 'List the knowledge hub articles', response: { 200: articleListSchema, 304: notModifiedSchema } } },
    async (request, reply) => sendStored(request, reply, articleList),
  );

  app.get(
    '/articles/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Read one article',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: articleSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      // An unknown id is answered by the service (404 NOT_FOUND); each known one has its stored answer.
      const { id } = getArticle({ id: request.params.id });
      return sendStored(request, reply, articleById.get(id)!);
    },
  );

  app.get(
    '/faqs',
    { schema: { tags: ['content'], summary: 'List the frequently asked questions', response: { 200: faqListSchema, 304: notModifiedSchema } } },
    async (request, reply) => sendStored(request, reply, faqList),
  );

  app.post(
    '/assistant',
    {
      // Plenty for a person asking questions, too few to mine the index or load the server.
      onRequest: limitPerAddress(database.db, { name: 'assistant', windowSeconds: 60, max: 30 }),
      schema: {
        tags: ['content'],
        summary: 'Ask the Knowledge Assistant; it answers by quoting the articles and FAQs',
        body: assistantQuestionSchema,
        response: { 200: assistantAnswerSchema },
      },
    },
    async (request) => assistant.answer(request.body.question),
  );
};

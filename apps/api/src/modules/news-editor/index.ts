// modules/news-editor (issue 12): news publishing by vendor employees.
import { newsEditorRoutes } from './news-editor.routes.js';

/** /api/news-editor*. */
export const newsEditorModule = newsEditorRoutes;

// Scheduled publication (plugins/jobs).
export { defineNewsPublishingJobs } from './news-publishing.service.js';

import { graphql, useStaticQuery } from 'gatsby';

/**
 * The team's messaging tool that hears of each request, as the API names it at build time (the privacy policy's
 * recipient): empty when no webhook is set, and then the form's first layer names no internal messaging either.
 */
export function useWebhookProcessor(): string {
  return useStaticQuery<{ segmentiaPrivacy: { webhookProcessor: string } }>(graphql`
    query WebhookProcessor {
      segmentiaPrivacy {
        webhookProcessor
      }
    }
  `).segmentiaPrivacy.webhookProcessor;
}

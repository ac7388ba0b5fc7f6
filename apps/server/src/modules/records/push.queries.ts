import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaignRecipients, campaigns } from '../../db/schema/index.js';

/**
 * The campaign a contact is in: of the team's campaigns that picked it, the one that texted it last
 * (a campaign that has not texted it yet counts after those that have), the newest first on a tie.
 */
export async function findContactCampaignName(db: Db, teamId: string, itemId: string) {
  const [row] = await db
    .select({ name: campaigns.name })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaignRecipients.itemId, itemId), eq(campaigns.teamId, teamId)))
    .orderBy(sql`${campaignRecipients.lastSentAt} desc nulls last`, desc(campaigns.createdAt))
    .limit(1);
  return row?.name ?? null;
}

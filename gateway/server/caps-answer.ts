/** The answer to a call refused by a member's cap: 403 in the service's shape, in words, with the figures. */
import type { CapRefusal } from '../spend';
import { readTeam } from '../team';
import { capRefusalMessage } from '../words';
import type { Answer, GatewayContext } from './context';

export async function capAnswer(ctx: GatewayContext, what: string, refusal: CapRefusal): Promise<Answer> {
  const team = await readTeam(ctx.db);
  return {
    status: 403,
    credits: 0,
    body: {
      success: false,
      message: capRefusalMessage({ what, ...refusal, now: new Date(), team: team.name }),
      // What the extension reads for "not enough credits": the most the call may cost, and the room left under the cap.
      credits_info: { required: refusal.required, available: Math.max(0, refusal.cap - refusal.spent) },
      cap: {
        period: refusal.period,
        credits: refusal.cap,
        spent: refusal.spent,
        resets_at: refusal.resetsAt.toISOString(),
      },
    },
  };
}

/**
 * What Options says of retention: the two rules in plain words, above the setting of the general one. The EU rule is
 * fixed, not a setting: a month is what the law gives to tell the person (GDPR Article 14(3)(a)), so a longer period
 * would not be lawful, and a shorter one is the general setting's job (it applies to everyone, the EU too).
 */
import { EU_RULE_LINE, EU_RULE_WHY, generalRuleLine } from '../words/retention';

export function RetentionRules({ days }: { days: number }) {
  return (
    <div class="retention-rules" data-testid="retention-rules">
      <p>Revealed contacts are removed by two rules; the earlier removal applies.</p>
      <ul>
        <li>
          {EU_RULE_LINE} <span class="muted">{EU_RULE_WHY}</span>
        </li>
        <li>{generalRuleLine(days)}</li>
      </ul>
      <p class="muted">The library shows when a contact will be removed, a month ahead.</p>
    </div>
  );
}

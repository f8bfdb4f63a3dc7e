// @vitest-environment node
// The layer rule refuses what ARCHITECTURE.md forbids and allows the rest.
import { describe, expect, it } from 'vitest';
import { refusal } from './layers.js';

const p = (path) => path.split('/');

describe('layer rule', () => {
  it('refuses imports that point up or across', () => {
    expect(refusal(p('db/appDb.ts'), p('features/home/types.ts'))).toMatch(/db\/ may not import features\//);
    expect(refusal(p('db/index.ts'), p('sync/engine.ts'))).toMatch(/may not import sync/);
    expect(refusal(p('db/index.ts'), p('api/client.ts'))).toMatch(/may not import api/);
    expect(refusal(p('components/PageHeader.tsx'), p('sync/SyncStatusBadge.tsx'))).toMatch(/components\/ may not import sync/);
    expect(refusal(p('components/LiveList.tsx'), p('db/synced.ts'))).toMatch(/may not import db/);
    expect(refusal(p('components/X.tsx'), p('features/home/index.ts'))).toMatch(/may not import features/);
    expect(refusal(p('features/home/HomePage.tsx'), p('features/premium/TrialNotice.tsx'))).toMatch(/through its index/);
    expect(refusal(p('api/client.ts'), p('identity/device.ts'))).toMatch(/api\/ may not import identity/);
  });

  it('allows imports that point down, within a layer and through a feature index', () => {
    expect(refusal(p('features/home/HomePage.tsx'), p('features/premium/index.ts'))).toBeNull();
    expect(refusal(p('features/home/HomePage.tsx'), p('features/premium'))).toBeNull();
    expect(refusal(p('features/home/cards/Card.tsx'), p('features/home/useToday.ts'))).toBeNull();
    expect(refusal(p('sync/engine.ts'), p('db/synced.ts'))).toBeNull();
    expect(refusal(p('api/client.ts'), p('identity/ids.ts'))).toBeNull();
    expect(refusal(p('app/App.tsx'), p('features/premium/PremiumBanner.tsx'))).toBeNull();
    expect(refusal(p('db/appDb.ts'), p('generated/records.ts'))).toBeNull();
  });
});

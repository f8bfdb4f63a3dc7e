// /groups/:id: one group's page. Its requests, what God has answered, the
// day's reading with the members' reflections, and its members (with the
// leaders' tools). What the group shares is synced records, kept on this
// device: the page works offline, and what is written offline goes when the
// phone is back online, judged by the group's rules then. The group itself
// (its name, members, your place) shows as of the last connection.

import { use, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import type { GroupDetail } from '../../generated/api';
import { useQuery } from '../../lib/query';
import { Link, useParams } from '../../lib/router';
import { loadCore, todayIn } from '../../wasm/core';
import { loadGroups } from '../../wasm/groups';
import { fetchGroup, forgetGroup, groupQuery, isOffline, keptGroup, KIND_WORDS, LIVE } from './api';
import { Members } from './Members';
import { GroupNotices } from './Notices';
import { ReadingTogether } from './ReadingTogether';
import { Requests } from './Requests';
import { wordsOf } from './refusal';

type TabId = 'requests' | 'answered' | 'reading' | 'members';

export default function GroupPage() {
  const id = useParams().id ?? '';
  const fetched = useQuery({ queryKey: groupQuery(id), queryFn: () => fetchGroup(id), retry: 1, ...LIVE });
  const [kept] = useState(() => keptGroup(id));
  const gone = fetched.isError && fetched.error instanceof ApiError && [403, 404].includes(fetched.error.status);
  useEffect(() => {
    if (gone) forgetGroup(id);
  }, [gone, id]);
  const group = gone ? undefined : (fetched.data ?? kept ?? undefined);

  if (gone) {
    return (
      <main className="page groups">
        <PageHeader title="Group" />
        <div className="card notice" role="alert">
          <p>
            {fetched.error instanceof ApiError && fetched.error.status === 404
              ? 'This group no longer exists: it was deleted.'
              : 'You are no longer a member of this group. Nothing of it is kept on this phone.'}
          </p>
          <Link to="/groups">Your groups</Link>
        </div>
      </main>
    );
  }
  if (!group) {
    return (
      <main className="page groups">
        <PageHeader title="Group" />
        {fetched.isError ? (
          <p className="card notice" role="alert">
            {wordsOf(fetched.error, 'This group could not be loaded. Check your connection and try again.')}
          </p>
        ) : (
          <p role="status">Loading the group...</p>
        )}
      </main>
    );
  }
  return <Group group={group} stale={fetched.isError} refresh={fetched.refetch} />;
}

function Group({ group, stale, refresh }: { group: GroupDetail; stale: boolean; refresh: () => Promise<void> }) {
  const core = use(loadCore());
  const rules = use(loadGroups());
  const today = todayIn(core);
  const [tab, setTab] = useState<TabId>('requests');
  const tabs = [
    { id: 'requests' as const, label: 'Requests' },
    { id: 'answered' as const, label: 'Answered' },
    { id: 'reading' as const, label: 'Reading' },
    { id: 'members' as const, label: 'Members' },
  ];
  return (
    <main className="page groups group-page">
      <PageHeader title={group.name} />
      <p className="muted small">
        {KIND_WORDS[group.kind]} · you are {group.you.displayName}
        {group.you.role !== 'member' ? ` (${group.you.role})` : ''}
      </p>
      {group.description && <p>{group.description}</p>}
      {stale && (
        <p className="card notice" role="status">
          {isOffline() ? 'You are offline: the group' : 'The group could not be brought up to date just now: it'} is shown as of your last connection. What you write is kept on this
          phone and shared when the server answers.
        </p>
      )}
      <Tabs
        name="group"
        label="The group's pages"
        tabs={tabs}
        selected={tab}
        onSelect={(next) => {
          setTab(next);
          // Who is in the group now (others may have joined or left).
          if (next === 'members') void refresh();
        }}
      >
        {tab === 'requests' && <Requests group={group} rules={rules} today={today} answered={false} />}
        {tab === 'answered' && <Requests group={group} rules={rules} today={today} answered />}
        {tab === 'reading' && <ReadingTogether group={group} rules={rules} today={today} />}
        {tab === 'members' && <Members group={group} />}
      </Tabs>
      <GroupNotices key={group.id} group={group} />
    </main>
  );
}

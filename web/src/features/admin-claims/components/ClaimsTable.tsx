import type { AdminProfileClaim } from '@linksmate/proto';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { formatLongDate } from '../../../lib/dates';
import {
  claimedName,
  entityLabel,
  requesterEmail,
  requesterName,
  STATUS_COLOURS,
  statusLabel,
} from './claim-text';

/**
 * Spec 3 "Profile claim requests" table: requester, entity, contact, status, submitted date. The
 * requester is the person asking, the entity what they claim (docs/product.md#admin-entities).
 */
export function ClaimsTable({
  claims,
  state,
  onView,
}: {
  claims: AdminProfileClaim[];
  /** What stands in for rows: loading, a failure, or nothing found. */
  state: ReactNode | null;
  onView(claim: AdminProfileClaim): void;
}) {
  return (
    <ListTable
      minWidth={920}
      columns={6}
      state={state}
      head={
        <>
          <Table.Th>Requester</Table.Th>
          <Table.Th>Claimed profile</Table.Th>
          <Table.Th>Contact</Table.Th>
          <Table.Th w={110}>Status</Table.Th>
          <Table.Th>Submitted</Table.Th>
          <Table.Th ta="right">Actions</Table.Th>
        </>
      }
    >
      {claims.map((claim) => (
        <Table.Tr key={claim.id} data-testid="claim-row">
          <Table.Td>
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {requesterName(claim)}
              </Text>
              {requesterEmail(claim) && (
                <Text size="xs" c="dimmed">
                  {requesterEmail(claim)}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {claimedName(claim)}
              </Text>
              {claim.entity_name && (
                <Text size="xs" c="dimmed">
                  {entityLabel(claim)}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            <Stack gap={0}>
              <Text size="sm">{claim.contact_email}</Text>
              {claim.contact_phone && (
                <Text size="xs" c="dimmed">
                  {claim.contact_phone}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            {/* Its whole word: a squeezed column would otherwise cut the badge to 'PE…'. */}
            <Badge {...STATUS_COLOURS[claim.status]} variant="light" miw="max-content">
              {statusLabel(claim.status)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatLongDate(claim.created_at)}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Button
              size="xs"
              variant="default"
              aria-label={`View Details of the claim by ${requesterName(claim)} on ${entityLabel(claim)}`}
              onClick={() => onView(claim)}
            >
              View Details
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

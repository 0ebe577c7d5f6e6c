import type { AdminProfileClaim } from '@linksmate/proto';
import { CLAIM_ADMIN_NOTES_MAX_LENGTH, CLAIM_REVIEW_MESSAGES } from '@linksmate/proto/rules';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { refusedFields, tooLong } from '../../../lib/form-errors';
import { type ClaimDecision, useDecideClaim } from '../api/decide-claim';
import { useClaim } from '../api/get-claim';
import { accountName, entityLabel, INVITED, isWebAddress, STATUS_COLOURS, statusLabel } from './claim-text';

const DETAILS_FAILED = 'Failed to fetch claim details';
const DECISION_FAILED = 'Failed to approve or reject claim';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children ?? (
          <Text span c="dimmed" size="sm">
            Not given
          </Text>
        )}
      </Box>
    </Box>
  );
}

function ClaimFields({ claim }: { claim: AdminProfileClaim }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
      <Field label="Status">
        <Badge {...STATUS_COLOURS[claim.status]} variant="light">
          {statusLabel(claim.status)}
        </Badge>
      </Field>
      <Field label="Submitted">{formatDateTime(claim.created_at)}</Field>
      {/* The person asking, by their account's own name ('Not given' until they name it). */}
      <Field label="Requester">{accountName(claim) ?? (claim.user_id === null ? INVITED : null)}</Field>
      <Field label="Account email">{claim.user_email}</Field>
      <Field label="Claimed profile">
        {entityLabel(claim)}
        {claim.entity_name ? ` — ${claim.entity_name}` : ''}
      </Field>
      <Field label="User ID">{claim.user_id === null ? INVITED : String(claim.user_id)}</Field>
      <Field label="Contact email">
        <Anchor href={`mailto:${claim.contact_email}`} size="sm">
          {claim.contact_email}
        </Anchor>
      </Field>
      <Field label="Contact phone">{claim.contact_phone}</Field>
      <Field label="Message" wide>
        {claim.message}
      </Field>
      <Field label="Verification documents" wide>
        {claim.verification_documents.length ? (
          <Stack gap={2} component="ul" m={0} pl="md">
            {[...new Set(claim.verification_documents)].map((doc) => (
              <li key={doc}>
                {isWebAddress(doc) ? (
                  <Anchor href={doc} target="_blank" rel="noopener noreferrer" size="sm">
                    {doc}
                  </Anchor>
                ) : (
                  doc
                )}
              </li>
            ))}
          </Stack>
        ) : null}
      </Field>
      {claim.status !== 'pending' && (
        <>
          <Field label="Decided">{claim.decided_at ? formatDateTime(claim.decided_at) : null}</Field>
          <Field label="Admin notes" wide>
            {claim.admin_notes}
          </Field>
        </>
      )}
    </SimpleGrid>
  );
}

/**
 * Spec 3 "Profile claim requests": 'View Details' shows the claim; while it is pending the admin
 * may approve or reject it with notes. Approving gives the claimant the profile and its role.
 */
export function ClaimDetailsDialog({ claimId, onClose }: { claimId: number; onClose(): void }) {
  const claim = useClaim(claimId);
  const decide = useDecideClaim();
  const form = useForm({
    mode: 'controlled',
    initialValues: { admin_notes: '' },
    validate: {
      admin_notes: (notes) =>
        tooLong(notes, CLAIM_ADMIN_NOTES_MAX_LENGTH, CLAIM_REVIEW_MESSAGES.adminNotesTooLong),
    },
  });
  const decision = decide.variables?.status;

  // Either button decides with the notes as they are, once they pass.
  const decideAs = (status: ClaimDecision) =>
    form.onSubmit(({ admin_notes }) =>
      decide.mutate(
        { claimId, status, adminNotes: admin_notes },
        {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              message: status === 'approved' ? 'Claim approved' : 'Claim rejected',
            });
            onClose();
          },
          onError: (error) => {
            const refused = refusedFields(error, (field) => (field === 'admin_notes' ? field : undefined));
            if (refused) form.setErrors(refused.fields);
          },
        },
      ),
    )();

  const data = claim.data?.claim;
  return (
    <Modal
      opened
      onClose={onClose}
      title="Claim Details"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {claim.isPending ? (
        <Group justify="center" py="xl" role="status" aria-label="Loading claim details">
          <Loader size="sm" />
        </Group>
      ) : claim.isError || !data ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          {DETAILS_FAILED}
        </Alert>
      ) : (
        <Stack gap="lg">
          <ClaimFields claim={data} />
          {decide.isError && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {`${DECISION_FAILED}: ${decide.error.message}`}
            </Alert>
          )}
          {data.status === 'pending' && (
            <Stack gap="sm">
              <Textarea
                label="Admin notes"
                description="Kept with the decision"
                autosize
                minRows={3}
                {...form.getInputProps('admin_notes')}
              />
              <Group justify="flex-end" gap="sm">
                <Button
                  color="red"
                  c="red.9"
                  variant="light"
                  leftSection={<IconX size={16} aria-hidden />}
                  loading={decide.isPending && decision === 'rejected'}
                  disabled={decide.isPending}
                  onClick={() => decideAs('rejected')}
                >
                  Reject
                </Button>
                <Button
                  color="fairway.8"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  loading={decide.isPending && decision === 'approved'}
                  disabled={decide.isPending}
                  onClick={() => decideAs('approved')}
                >
                  Approve
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}

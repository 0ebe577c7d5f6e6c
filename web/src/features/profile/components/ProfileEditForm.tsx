import {
  AVAILABILITY_STATUS_LABELS,
  AVAILABILITY_STATUSES,
  HANDICAP,
  PROFILE_TEXT_LIMITS,
  SKILL_LEVELS,
  USERNAME,
} from '@linksmate/proto/rules';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';
import type { ProfileFormSection } from '../../../lib/paths';
import { scrollToAndFocus } from '../../../lib/scroll';
import { capitalise } from '../../../lib/text';
import type { ProfileUser } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { BlockedUsersList } from './BlockedUsersList';
import { ProfileImageUploader } from './ProfileImageUploader';
import {
  bodyOf,
  FIELD_ORDER,
  fieldId,
  firstInvalidField,
  formValuesOf,
  type ProfileField,
  type ProfileFormValues,
  sameProfile,
  validateProfile,
} from './profile-form';

const CANCEL_MESSAGE = 'You have unsaved changes. Are you sure you want to cancel?';
const LEAVE_MESSAGE = 'You have unsaved changes. Are you sure you want to leave this page?';
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

export const sectionId = (section: ProfileFormSection) => `profile-section-${section}`;

function FormSection({
  section,
  title,
  description,
  children,
}: {
  section: ProfileFormSection;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = `${sectionId(section)}-title`;
  return (
    <Card shadow="xs" component="section" id={sectionId(section)} aria-labelledby={headingId}>
      {/* Focused only when the form opens at this section (never by Tab), so no focus ring is drawn;
          the margin keeps the card's top edge in view below the 64 px sticky header. */}
      <Title order={2} fz="lg" id={headingId} tabIndex={-1} style={{ scrollMarginTop: 104, outline: 'none' }}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <Stack gap="md" mt="md">
        {children}
      </Stack>
    </Card>
  );
}

const SKILL_OPTIONS = SKILL_LEVELS.map((level) => ({ value: level, label: capitalise(level) }));

/** Field errors the server named that this form shows beside a field; the rest go above the buttons. */
function splitServerErrors(fieldErrors: Record<string, string>) {
  const known: Partial<Record<ProfileField, string>> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    if ((FIELD_ORDER as string[]).includes(field)) known[field as ProfileField] = message;
    else other.push(message);
  }
  return { known, other };
}

/**
 * docs/product.md#account-screens: the own profile's edit form. Save is offered only for a change; unsaved changes are
 * marked in a bar that stays in view and guarded on Cancel, on leaving the page and on closing the
 * tab. Errors, the client's or the server's, are shown at their field, and the first is scrolled to.
 */
export function ProfileEditForm({
  user,
  initialSection,
  onSaved,
  onCancel,
}: {
  user: ProfileUser;
  initialSection: ProfileFormSection;
  onSaved(): void;
  onCancel(): void;
}) {
  const [initialValues] = useState(() => formValuesOf(user));
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateProfile,
  });
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const dirty = !sameProfile(form.values, initialValues);

  // Leaving on purpose (saved, or cancel confirmed) is not stopped by the guard.
  const leavingOnPurpose = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        dirty &&
        !leavingOnPurpose.current &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [dirty],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // 'Update Availability' and the like open the form at their section.
  useEffect(() => {
    if (initialSection === 'basic') return;
    const frame = requestAnimationFrame(() =>
      scrollToAndFocus(document.getElementById(`${sectionId(initialSection)}-title`), 'start'),
    );
    return () => cancelAnimationFrame(frame);
  }, [initialSection]);

  const showFirstError = (errors: Record<string, unknown>) => {
    const field = firstInvalidField(errors);
    if (field) scrollToAndFocus(document.getElementById(fieldId(field)));
  };

  const save = (values: ProfileFormValues) => {
    if (!dirty || uploading) return;
    setFormError(null);
    const body = bodyOf(values);
    // The picture is sent only when it changed: a new upload to take, or null to remove it.
    if (values.profile_image_url === initialValues.profile_image_url) delete body.profile_image_url;
    update.mutate(body, {
      onSuccess: () => {
        leavingOnPurpose.current = true;
        onSaved();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return setFormError(UNEXPECTED);
        const { known, other } = splitServerErrors(error.fieldErrors ?? {});
        if (Object.keys(known).length > 0) {
          form.setErrors(known);
          if (other.length > 0) setFormError(other.join(' '));
          showFirstError(known);
          return;
        }
        if (other.length > 0) return setFormError(other.join(' '));
        if (error.status === 401) return setFormError('Authentication failed. Please log in again.');
        setFormError(error.message.startsWith('API error') ? UNEXPECTED : error.message);
      },
    });
  };

  const cancel = () => {
    if (dirty) return setConfirmingCancel(true);
    leavingOnPurpose.current = true;
    onCancel();
  };

  const name =
    [form.values.first_name, form.values.last_name].filter((part) => part.trim()).join(' ') ||
    form.values.username ||
    'Golfer';
  const inputProps = (field: ProfileField) => ({ id: fieldId(field), ...form.getInputProps(field) });

  return (
    <form onSubmit={form.onSubmit(save, showFirstError)} noValidate aria-label="Edit profile">
      <Stack gap="lg">
        <FormSection section="basic" title="Basic Information">
          <ProfileImageUploader
            id={fieldId('profile_image_url')}
            value={form.values.profile_image_url}
            name={name}
            error={form.errors.profile_image_url as string | undefined}
            onChange={(url) => {
              form.setFieldValue('profile_image_url', url);
              form.clearFieldError('profile_image_url');
            }}
            onUploadingChange={setUploading}
          />
          <TextInput
            label="Username"
            required
            autoComplete="username"
            description={`At least ${USERNAME.minLength} characters: letters, numbers and underscores.`}
            {...inputProps('username')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First Name" required autoComplete="given-name" {...inputProps('first_name')} />
            <TextInput label="Last Name" required autoComplete="family-name" {...inputProps('last_name')} />
          </SimpleGrid>
        </FormSection>

        <FormSection section="golf" title="Golf Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Handicap"
              description={`From ${HANDICAP.min} to ${HANDICAP.max}, one decimal place. Leave empty if you have none.`}
              step={HANDICAP.step}
              clampBehavior="none"
              allowDecimal
              allowNegative
              hideControls
              inputMode="decimal"
              size="md"
              {...inputProps('manual_handicap')}
            />
            <Select
              label="Skill Level"
              placeholder="Choose your level"
              data={SKILL_OPTIONS}
              clearable
              size="md"
              {...inputProps('skill_level')}
            />
          </SimpleGrid>
          <Textarea
            label="Club Memberships"
            description={`The clubs you belong to (up to ${PROFILE_TEXT_LIMITS.clubMemberships} characters).`}
            autosize
            minRows={2}
            maxRows={6}
            size="md"
            {...inputProps('club_memberships_text')}
          />
        </FormSection>

        <FormSection section="availability" title="Availability & Privacy">
          <Radio.Group
            label="Availability Status"
            description="Let other golfers know whether you're up for a game."
            id={fieldId('availability_status')}
            size="md"
            {...form.getInputProps('availability_status')}
          >
            <Group gap="lg" mt="xs">
              {AVAILABILITY_STATUSES.map((status) => (
                <Radio key={status} value={status} label={AVAILABILITY_STATUS_LABELS[status]} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label="Availability Message"
            placeholder="e.g. Free most weekend mornings"
            description={`Optional, up to ${PROFILE_TEXT_LIMITS.availabilityMessage} characters.`}
            {...inputProps('availability_status_message')}
          />
          <Switch
            label="Show my profile to other golfers"
            description="When off, other golfers can't find you in Find Players or open your profile."
            size="md"
            id={fieldId('is_profile_visible')}
            {...form.getInputProps('is_profile_visible', { type: 'checkbox' })}
          />
        </FormSection>

        <FormSection
          section="blocked"
          title="Blocked Users"
          description="Blocked people can't see your profile or find you, and you won't see theirs."
        >
          <BlockedUsersList users={user.blocked_users ?? []} />
        </FormSection>

        <FormError>{formError}</FormError>

        <Paper
          withBorder
          shadow="md"
          p="sm"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
          data-testid="profile-save-bar"
        >
          <Group justify="space-between" gap="xs">
            <div aria-live="polite">
              {dirty && (
                <Badge color="sand.3" c="dark.8" variant="filled" size="lg">
                  Unsaved changes
                </Badge>
              )}
            </div>
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Button variant="default" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!dirty || uploading}>
                Save Changes
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>

      <ConfirmDialog
        opened={confirmingCancel}
        title="Discard your changes?"
        message={CANCEL_MESSAGE}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={() => {
          setConfirmingCancel(false);
          leavingOnPurpose.current = true;
          onCancel();
        }}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Leave without saving?"
        message={LEAVE_MESSAGE}
        confirmLabel="Leave page"
        cancelLabel="Stay"
        danger
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </form>
  );
}

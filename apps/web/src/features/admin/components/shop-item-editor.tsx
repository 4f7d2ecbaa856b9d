import {
  CreateShopItemInputSchema,
  LIMITS,
  SHOP_RULES,
  UpdateShopItemInputSchema,
  type CreateShopItemInput,
  type ShopItem,
  type UpdateShopItemInput,
} from '@otakura/shared';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { isAbortError, useImageUpload } from '@/components/admin/upload-image';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { zodResolverOf } from '@/lib/zod-resolver';
import {
  useAdminShopItemQuery,
  useCreateShopItemMutation,
  useShopItemImageUpload,
  useUpdateShopItemMutation,
} from '../api/shop-items';
import { centsToAmount, parseAmountToCents, parseWholeNumber } from '../utils/money';
import { EditorLoadFailure, EditorSkeleton } from './editor-states';
import { MerchTagsField, tagsOf, type MerchTags } from './merch-tags-field';
import './admin-editor.css';

/**
 * The form's fields, named after the request's (so the shared schema's and the server's messages
 * land on them); money is typed as a decimal amount and sent as cents.
 */
export interface ShopItemValues {
  name: string;
  about: string;
  condition: string;
  priceCents: string;
  shippingCents: string;
  quantity: string;
}

type Output = CreateShopItemInput | UpdateShopItemInput;

const FIELDS = ['name', 'about', 'condition', 'priceCents', 'shippingCents', 'quantity'] as const;
const MAX_MB = Math.round(LIMITS.imageUploadMaxBytes / (1024 * 1024));

const valuesOf = (item: ShopItem | undefined): ShopItemValues => ({
  name: item?.name ?? '',
  about: item?.about ?? '',
  condition: item?.condition ?? '',
  priceCents: item ? centsToAmount(item.priceCents) : '',
  shippingCents: item ? centsToAmount(item.shippingCents) : '0.00',
  quantity: item ? String(item.quantity) : '1',
});

/** The typed numbers; NaN where the text is not a number (the format check names it). */
function numbersOf(v: ShopItemValues) {
  return {
    priceCents: parseAmountToCents(v.priceCents) ?? Number.NaN,
    shippingCents: parseAmountToCents(v.shippingCents) ?? Number.NaN,
    quantity: parseWholeNumber(v.quantity) ?? Number.NaN,
  };
}

function createInputOf(v: ShopItemValues): CreateShopItemInput {
  return { name: v.name, about: v.about, condition: v.condition, ...numbersOf(v) };
}

/** Only what differs from the stored item (what the PATCH sends). */
function changesOf(v: ShopItemValues, item: ShopItem): UpdateShopItemInput {
  const n = numbersOf(v);
  const changes: UpdateShopItemInput = {};
  if (v.name !== item.name) changes.name = v.name;
  if (v.about !== item.about) changes.about = v.about;
  if (v.condition !== item.condition) changes.condition = v.condition;
  if (!Object.is(n.priceCents, item.priceCents)) changes.priceCents = n.priceCents;
  if (!Object.is(n.shippingCents, item.shippingCents)) changes.shippingCents = n.shippingCents;
  if (!Object.is(n.quantity, item.quantity)) changes.quantity = n.quantity;
  return changes;
}

/** The merch tags that differ from the stored item, as the PATCH names them. */
function tagChangesOf(tags: MerchTags, item: ShopItem | undefined): UpdateShopItemInput {
  const before = tagsOf(item);
  const changes: UpdateShopItemInput = {};
  if ((tags.series?.id ?? null) !== (before.series?.id ?? null))
    changes.mediaId = tags.series?.id ?? null;
  if (tags.volumeId !== before.volumeId) changes.mediaVolumeId = tags.volumeId;
  const ids = tags.communities.map((c) => c.id);
  if (ids.join() !== before.communities.map((c) => c.id).join()) changes.communityIds = ids;
  return changes;
}

/**
 * The shared schema's check, after a format check of the typed amounts ("12.5" is fine, "12.345"
 * and "abc" are not), whose words are the form's own.
 */
function itemResolver(
  item: ShopItem | undefined,
  words: { money: string; whole: string; max: (amount: string) => string },
): Resolver<ShopItemValues, unknown, Output> {
  const schemaResolver = item
    ? zodResolverOf(UpdateShopItemInputSchema, (v: ShopItemValues) => changesOf(v, item))
    : zodResolverOf(CreateShopItemInputSchema, createInputOf);
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const format: FieldErrors<ShopItemValues> = {};
    // The schema counts cents; the person typed an amount, so its limits are said as amounts.
    const money = (field: 'priceCents' | 'shippingCents', max: number) => {
      const cents = parseAmountToCents(values[field]);
      if (cents === null) format[field] = { type: 'format', message: words.money };
      else if (cents > max) format[field] = { type: 'max', message: words.max(centsToAmount(max)) };
    };
    money('priceCents', SHOP_RULES.priceCentsMax);
    money('shippingCents', SHOP_RULES.shippingCentsMax);
    if (parseWholeNumber(values.quantity) === null)
      format.quantity = { type: 'format', message: words.whole };
    if (Object.keys(format).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...format } };
  };
}

/** `/admin/shop/new` and `/admin/shop/:id`: loads the item, then the form. */
export function ShopItemEditor({ itemId }: { itemId?: string }) {
  const { t } = useTranslation('admin');
  const query = useAdminShopItemQuery(itemId);
  const title = itemId ? t('itemEditor.editTitle') : t('itemEditor.newTitle');
  const back = { to: '/admin/shop', label: t('itemEditor.back') };

  if (!itemId) {
    return (
      <AdminPage title={title} back={back} width="narrow">
        <ShopItemForm />
      </AdminPage>
    );
  }
  if (query.isPending) {
    return (
      <AdminPage title={title} back={back} width="narrow">
        <EditorSkeleton />
      </AdminPage>
    );
  }
  if (query.isError) {
    return (
      <AdminPage title={title} back={back} width="narrow">
        <EditorLoadFailure
          error={query.error}
          notFoundCode="shop_item_not_found"
          notFound={{
            title: t('itemEditor.notFoundTitle'),
            description: t('itemEditor.notFoundDescription'),
          }}
          back={back}
          onRetry={() => void query.refetch()}
        />
      </AdminPage>
    );
  }
  const item = query.data;
  return (
    <AdminPage
      title={title}
      subtitle={t('itemEditor.seller', { name: `@${item.seller.username}` })}
      back={back}
      width="narrow"
      actions={
        <Button asChild variant="secondary" size="sm">
          <Link to={`/item/${item.id}`}>
            <ExternalLink aria-hidden="true" className="admin-button-icon" />
            {t('itemEditor.openPage')}
          </Link>
        </Button>
      }
    >
      <ShopItemForm key={item.id} item={item} />
    </AdminPage>
  );
}

/**
 * Every field of the create and edit inputs, and the photo. A new item is created first and its
 * photo uploaded right after (with its progress), then the new item's editor opens; on an
 * existing item the photo uploads as soon as it is chosen.
 */
export function ShopItemForm({ item }: { item?: ShopItem }) {
  const { t } = useTranslation('admin');
  const { toast } = useToast();
  const navigate = useNavigate();
  const create = useCreateShopItemMutation();
  const update = useUpdateShopItemMutation(item?.id ?? '');
  const sendFor = useShopItemImageUpload();
  const uploader = useImageUpload<ShopItem>(item ? sendFor(item.id) : undefined);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [tags, setTags] = useState<MerchTags>(() => tagsOf(item));

  const form = useForm<ShopItemValues, unknown, Output>({
    defaultValues: valuesOf(item),
    resolver: itemResolver(item, {
      money: t('itemEditor.moneyFormat'),
      whole: t('itemEditor.quantityFormat'),
      max: (amount) => t('itemEditor.moneyMax', { max: amount }),
    }),
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control }) as ShopItemValues;
  const tagChanges = tagChangesOf(tags, item);
  const dirty = item
    ? Object.keys(changesOf(watched, item)).length + Object.keys(tagChanges).length > 0
    : true;

  const uploadError =
    uploader.error && !isAbortError(uploader.error) ? apiErrorText(t, uploader.error) : null;

  const submit = submitHandler(
    form,
    async (input) => {
      if (!item) {
        const created = await create.mutateAsync({
          ...(input as CreateShopItemInput),
          ...tagChanges,
        });
        if (pendingFile) {
          try {
            await uploader.upload(pendingFile, sendFor(created.id));
          } catch (error) {
            if (!isAbortError(error)) {
              toast({
                variant: 'error',
                title: t('itemEditor.pictureFailed'),
                description: apiErrorText(t, error),
              });
            }
          }
        }
        toast({ variant: 'success', title: t('itemEditor.created') });
        void navigate(`/admin/shop/${created.id}`, { replace: true });
        return;
      }
      const changes = { ...(input as UpdateShopItemInput), ...tagChanges };
      if (Object.keys(changes).length === 0) return;
      const saved = await update.mutateAsync(changes);
      form.reset(valuesOf(saved));
      setTags(tagsOf(saved));
      toast({ variant: 'success', title: t('itemEditor.saved') });
    },
    { fields: FIELDS, message: (e) => apiErrorText(t, e) },
  );

  const onPick = (file: File) => {
    uploader.reset();
    if (!item) {
      setPendingFile(file);
      return;
    }
    uploader.upload(file).then(
      () => toast({ variant: 'success', title: t('itemEditor.pictureSaved') }),
      () => {
        // The field shows the failure; a cancel needs no word.
      },
    );
  };

  const serverError = formError(errors);
  const busy = create.isPending || update.isPending || uploader.isPending;
  const moneyHint = item
    ? t('itemEditor.moneyHint', { currency: item.currency.toUpperCase() })
    : t('itemEditor.moneyHintPlain');

  return (
    <form className="admin-editor" onSubmit={submit} noValidate>
      <Input
        label={t('itemEditor.name')}
        {...form.register('name')}
        error={fieldError(errors.name)}
        maxLength={SHOP_RULES.nameMax + 20}
        autoComplete="off"
      />
      <Textarea
        label={t('itemEditor.about')}
        {...form.register('about')}
        error={fieldError(errors.about)}
        rows={5}
      />
      <Input
        label={t('itemEditor.condition')}
        {...form.register('condition')}
        error={fieldError(errors.condition)}
        hint={t('itemEditor.conditionHint')}
        autoComplete="off"
      />
      <div className="admin-editor__row">
        <Input
          label={t('itemEditor.price')}
          {...form.register('priceCents')}
          error={fieldError(errors.priceCents)}
          hint={moneyHint}
          inputMode="decimal"
          autoComplete="off"
        />
        <Input
          label={t('itemEditor.shipping')}
          {...form.register('shippingCents')}
          error={fieldError(errors.shippingCents)}
          hint={moneyHint}
          inputMode="decimal"
          autoComplete="off"
        />
        <Input
          label={t('itemEditor.quantity')}
          {...form.register('quantity')}
          error={fieldError(errors.quantity)}
          hint={t('itemEditor.quantityHint')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <MerchTagsField
        value={tags}
        onChange={setTags}
        disabled={create.isPending || update.isPending}
      />
      <ImageUploadField
        label={t('itemEditor.picture')}
        hint={t('upload.hint', { max: MAX_MB })}
        shape="square"
        currentUrl={item?.imageUrl ?? null}
        currentAlt={t('itemEditor.pictureAlt', { name: watched.name || item?.name || '' })}
        onPick={onPick}
        status={uploader.status}
        onCancel={uploader.cancel}
        error={uploadError}
        pending={!item}
        disabled={create.isPending || update.isPending}
        inputTestId="shop-item-image-input"
      />

      {serverError ? (
        <p className="admin-editor__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="admin-editor__actions">
        <Button type="submit" loading={busy} disabled={!dirty && !busy}>
          {item ? t('common.save') : t('itemEditor.create')}
        </Button>
      </div>
    </form>
  );
}

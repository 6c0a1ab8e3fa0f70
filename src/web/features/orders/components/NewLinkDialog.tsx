/**
 * A new payment link (docs/orders.md "Payment links"): the store, the product, the amount and the customer's
 * phone; the customer's name, an order number, a description and the items — required too where strict
 * validation is on for the member. The server's §8 answers (too high, too low, try instalments, …) show beside
 * the field they are about, in the member's language; what was typed stays.
 */
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../../../api/client';
import { useExperiments } from '../../../api/experiments';
import { useStores, type Store } from '../../../api/stores';
import { DialogFooter } from '../../../components/DialogFooter';
import { Money } from '../../../components/Money';
import { currencyDecimals, decimalToMinor, minorToDecimal } from '../../../../domain/money';
import { currencyOfCountry } from '../../../../domain/stores';
import { useCreateLink, type PaymentLink } from '../api';
import { isAmount } from '../filters';

interface Item {
  name: string;
  quantity: number;
  unit_price: string;
}

export function NewLinkDialog(props: { onClose: () => void; onSent: (link: PaymentLink) => void }) {
  const { t } = useTranslation('orders');
  const { t: tAny } = useTranslation();
  const stores = useStores().data ?? [];
  const strict = (useExperiments().data ?? []).includes('strict_paylinks_validation');
  const create = useCreateLink();
  const [storeId, setStoreId] = useState<string | null>(stores[0]?.id ?? null);
  const store = stores.find((s) => s.id === storeId) ?? stores[0];
  const [chosenProduct, setProduct] = useState<string | null>(null);
  // The store's first product until one is chosen — also when the stores arrive after the dialog opened.
  const product = chosenProduct ?? store?.available_products[0] ?? null;
  const [amount, setAmount] = useState('');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [reference, setReference] = useState('');
  const [description, setDescription] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [tried, setTried] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const currency = currencyOfCountry(store?.country ?? 'SAU');

  const required = (value: string) => (tried && value.trim() === '' ? t('link.required') : undefined);
  const amountError =
    required(amount) ??
    (tried && !isAmount(amount) ? t('amount.format', { decimals: currencyDecimals(currency) }) : undefined);
  const clear = (pointer: string) => setErrors((e) => ({ ...e, [pointer]: '' }));

  const send = () => {
    setTried(true);
    setFailed(null);
    const missing =
      !product ||
      !isAmount(amount) ||
      phone.trim() === '' ||
      (strict && (name.trim() === '' || reference.trim() === '' || items.length === 0));
    if (missing || !store) return;
    create.mutate(
      {
        store_id: store.id,
        product: product as never,
        amount: amount.trim(),
        customer_phone: phone.trim(),
        ...(name.trim() ? { customer_name: name.trim() } : {}),
        ...(reference.trim() ? { order_reference: reference.trim() } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(items.length > 0 ? { items } : {}),
      },
      {
        onSuccess: props.onSent,
        onError: (error) => {
          const shown = fieldMessages(error, tAny);
          setErrors(shown);
          // The caps on links sent (an hour per member, a day per merchant): the limit, in the merchant's words.
          if (error instanceof ApiError && error.status === 429 && error.message === 'too many payment links')
            setFailed(
              t(`link.tooMany.${error.body.per === 'day' ? 'day' : 'hour'}`, { limit: error.body.limit }),
            );
          else if (Object.keys(shown).length === 0) setFailed(t('link.failed'));
        },
      },
    );
  };
  // A field typed in: its value kept, the server's message on it cleared.
  const typed = (set: (value: string) => void, pointer: string) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    clear(pointer);
  };

  return (
    <Modal opened onClose={props.onClose} title={t('link.title')} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack>
          <StoreAndProduct
            stores={stores}
            store={store}
            product={product}
            onStore={setStoreId}
            onProduct={(p) => {
              setProduct(p);
              clear('/product');
            }}
            missing={tried && !product}
            errors={errors}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('link.amount', { currency })}
              inputMode="decimal"
              dir="ltr"
              value={amount}
              onChange={typed(setAmount, '/amount')}
              withAsterisk
              error={amountError ?? (errors['/amount'] || undefined)}
              data-autofocus
            />
            <TextInput
              label={t('link.phone')}
              description={t('link.phoneHint')}
              inputMode="tel"
              dir="ltr"
              value={phone}
              onChange={typed(setPhone, '/customer_phone')}
              withAsterisk
              maxLength={20}
              error={required(phone) ?? (errors['/customer_phone'] || undefined)}
            />
          </Group>
          <CustomerFields
            name={name}
            onName={setName}
            reference={reference}
            onReference={(value) => {
              setReference(value);
              clear('/order_reference');
            }}
            strict={strict}
            tried={tried}
            errors={errors}
          />
          <Textarea
            label={t('link.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <ItemsEditor
            items={items}
            setItems={setItems}
            currency={currency}
            tried={tried}
            strict={strict}
            error={errors['/items']}
          />
          <DialogFooter
            error={failed}
            cancel={{ label: t('link.cancel'), onClick: props.onClose }}
            action={{ label: t('link.send'), submit: true, loading: create.isPending }}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The link's items, each a name, a quantity and a unit price, and their total; required while links must list them. */
function ItemsEditor(props: {
  items: Item[];
  setItems: Dispatch<SetStateAction<Item[]>>;
  currency: string;
  tried: boolean;
  strict: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation('orders');
  const { items, setItems, currency, tried, strict } = props;
  const itemsTotal = items.reduce(
    (sum, i) => sum + (decimalToMinor(i.unit_price, currency) ?? 0) * i.quantity,
    0,
  );
  const problem = tried && strict && items.length === 0 ? t('link.itemsRequired') : props.error;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('link.items')}
        {strict && (
          <Text span c="red">
            {' *'}
          </Text>
        )}
      </Text>
      {items.map((item, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            aria-label={t('link.itemName')}
            placeholder={t('link.itemName')}
            value={item.name}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setItems((list) => list.map((x, j) => (j === i ? { ...x, name: value } : x)));
            }}
            style={{ flex: '3 1 200px' }}
          />
          <NumberInput
            aria-label={t('link.itemQuantity')}
            min={1}
            max={10000}
            allowDecimal={false}
            value={item.quantity}
            onChange={(q) =>
              setItems((list) => list.map((x, j) => (j === i ? { ...x, quantity: Number(q) || 1 } : x)))
            }
            style={{ flex: '1 1 72px' }}
          />
          <TextInput
            aria-label={t('link.itemPrice', { currency })}
            placeholder={t('link.itemPrice', { currency })}
            inputMode="decimal"
            dir="ltr"
            value={item.unit_price}
            error={tried && !isAmount(item.unit_price)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setItems((list) => list.map((x, j) => (j === i ? { ...x, unit_price: value } : x)));
            }}
            style={{ flex: '2 1 110px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('link.removeItem')}
            onClick={() => setItems((list) => list.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => setItems((list) => [...list, { name: '', quantity: 1, unit_price: '' }])}
        >
          {t('link.addItem')}
        </Button>
        {items.length > 0 && (
          <Text size="sm">
            {t('link.itemsTotal')} <Money amount={minorToDecimal(itemsTotal, currency)} currency={currency} />
          </Text>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/** The customer's name and the order's reference (both required while links must name them). */
function CustomerFields(props: {
  name: string;
  onName: (name: string) => void;
  reference: string;
  onReference: (reference: string) => void;
  /** Whether links must name them (an experiment), and whether a send was tried (then a missing one is said). */
  strict: boolean;
  tried: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('orders');
  const { strict } = props;
  const required = (value: string) =>
    strict && props.tried && value.trim() === '' ? t('link.required') : undefined;
  return (
    <Group grow align="flex-start">
      <TextInput
        label={t('link.name')}
        value={props.name}
        onChange={(e) => props.onName(e.currentTarget.value)}
        maxLength={200}
        withAsterisk={strict}
        error={required(props.name) ?? (props.errors['/customer_name'] || undefined)}
      />
      <TextInput
        label={t('link.reference')}
        description={strict ? undefined : t('link.referenceHint')}
        value={props.reference}
        onChange={(e) => props.onReference(e.currentTarget.value)}
        maxLength={64}
        withAsterisk={strict}
        error={required(props.reference) ?? (props.errors['/order_reference'] || undefined)}
      />
    </Group>
  );
}

/** The store the link is for (when there are several) and its payment product; another store, its first product. */
function StoreAndProduct(props: {
  stores: Store[];
  store: Store | undefined;
  product: string | null;
  onStore: (id: string | null) => void;
  onProduct: (product: string | null) => void;
  /** Sent without a product: said under it. */
  missing: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('orders');
  return (
    <>
      {props.stores.length > 1 && (
        <Select
          label={t('link.store')}
          data={props.stores.map((s) => ({ value: s.id, label: s.name }))}
          value={props.store?.id ?? null}
          onChange={(id) => {
            props.onStore(id);
            props.onProduct(props.stores.find((s) => s.id === id)?.available_products[0] ?? null);
          }}
          allowDeselect={false}
          error={props.errors['/store_id']}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Select
        label={t('link.product')}
        data={(props.store?.available_products ?? []).map((p) => ({
          value: p,
          label: t(`product.${p}`, { defaultValue: p }),
        }))}
        value={props.product}
        onChange={props.onProduct}
        allowDeselect={false}
        withAsterisk
        error={(props.missing ? t('link.required') : undefined) ?? props.errors['/product']}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
